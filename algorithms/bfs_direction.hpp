// Direction-optimizing BFS's level loop, which the CPU (algorithms/bfs.cpp) and the device
// (algorithms/device/bfs.cpp) share, written once over the matrix and vector types: both
// engines name their operations alike, so each call resolves to its own engine's. Beamer's
// rule [1] switches push -> pull when the frontier's edges m_f exceed the unexplored edges
// m_u / α, and back when the frontier shrinks below n / β.
//
// [1] Beamer, Asanović, Patterson, "Direction-optimizing breadth-first search", SC 2012.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/bfs.hpp"
#include "core/error.hpp"
#include "engine/ops/descriptor.hpp"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/unary_ops.hpp"

namespace graphring::algorithms::detail {

// One level: the unvisited out-neighbours of the frontier, each with the vertex that reached it,
// recorded in `visited` as mark(parent) (vxm_mark). The step's direction is appended to `steps`;
// `report`, where given, receives the new frontier's edges when the step counted them.
template <class Vector, class Mark, class Matrix>
void expand(Vector& q, Vector& visited, const Mark& mark, const Matrix& a, product_method method,
            std::vector<bfs_direction>& steps, step_report* report) {
  steps.push_back(method == product_method::pull ? bfs_direction::pull : bfs_direction::push);
  // q<¬visited, replace> = q any.secondi A;  visited<q> = mark(q)
  vxm_mark(q, visited, mark, any_secondi<std::int64_t>{}, q, a, {.method = method}, report);
}

// The edges leaving the frontier: m_f = Σ_{v ∈ q} outdeg(v) = ⊕ A⟨q⟩ (the entries of q's rows).
template <class Vector, class Matrix>
std::int64_t frontier_edges(const Vector& q, const Matrix& a) {
  return reduce(plus_monoid<std::int64_t>{}, a, q, {.structural_mask = true});
}

// Beamer's rule: the direction of the next step, given the current one. The frontier's edges m_f
// come from the step that found it where that step counted them (its report), as GAP's top-down
// step counts them, else from a reduce over the frontier's rows.
template <class Vector, class Matrix>
class direction_rule {
 public:
  direction_rule(const Matrix& a, const bfs_options& options)
      : a_(a), options_(options), n_(a.nrows()), unexplored_(std::int64_t(a.nvals())) {}

  product_method next(const Vector& q) {
    if (options_.direction == bfs_direction::push) return product_method::push;
    if (options_.direction == bfs_direction::pull) return product_method::pull;
    const std::int64_t size = std::int64_t(q.nvals());
    if (pulling_) {
      // Back to push once the frontier shrinks below n / β. As in GAP, m_f is neither needed
      // nor counted while pulling, so m_u is what the push steps left unexplored.
      if (size < last_size_ && double(size) < double(n_) / options_.beta) pulling_ = false;
    } else {
      const std::int64_t edges =
          report_.counted ? std::int64_t(report_.w_row_entries) : frontier_edges(q, a_);
      if (double(edges) > double(unexplored_) / options_.alpha) {
        pulling_ = true;
      } else {
        unexplored_ -= edges;
      }
    }
    last_size_ = size;
    return pulling_ ? product_method::pull : product_method::push;
  }

  // Where the step after next() reports what the rule reads at the following one (none when the
  // direction is forced, so that no step counts what nothing reads).
  step_report* report() {
    return options_.direction == bfs_direction::automatic ? &report_ : nullptr;
  }

 private:
  const Matrix& a_;
  bfs_options options_;
  std::uint64_t n_;
  std::int64_t unexplored_;
  std::int64_t last_size_ = 0;
  bool pulling_ = false;
  step_report report_;
};

// The levels after the source's: each level's frontier q (expand), recorded as it is found,
// levels<q> = level where levels are kept, else parents<q> = q; with both kept, parents<q> = q
// follows. The visited vertices the next product leaves out are those with a level, or with a
// parent when levels are not kept. q, levels and parents come holding the source (its level 0,
// itself as parent) where kept.
template <class Vector, class Matrix>
void search_levels(const Matrix& a, Vector& q, Vector& levels, Vector& parents,
                   const bfs_options& options, std::vector<bfs_direction>& steps) {
  direction_rule<Vector, Matrix> rule(a, options);
  for (std::int64_t level = 1;; ++level) {
    const product_method method = rule.next(q);
    if (options.levels) {
      expand(q, levels, bind_first(first_op<std::int64_t>{}, level), a, method, steps,
             rule.report());
    } else {
      expand(q, parents, identity_op<std::int64_t>{}, a, method, steps, rule.report());
    }
    if (q.nvals() == 0) break;
    // parents<q> = q
    if (options.levels && options.parents)
      assign(parents, q, no_accum, q, all_indices, {.structural_mask = true});
  }
}

// Throws error_kind::usage when the options keep neither levels nor parents.
inline void check_kept(const bfs_options& options) {
  if (!options.levels && !options.parents)
    throw error(error_kind::usage, "BFS must keep its levels, its parents or both");
}

}  // namespace graphring::algorithms::detail
