// The CUDA kernels' per-thread steps (kernels/cuda/format_rows.hpp, push_steps.hpp,
// entry_rules.hpp) run one index after another on host memory, as engine/device/pull_product.cuh
// and push.cuh sequence them on the GPU, so the host tests hold the GPU's per-thread logic and the
// format layouts it reads against the CPU engine on a machine without a GPU. What this cannot
// check is the parallel part: the lanes that share a CSR row, the atomics, the launches. The
// dtANS kernel's lanes, which talk to each other, run as 32 host threads (host_warp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <barrier>
#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

#include "core/array.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/vector.hpp"
#include "kernels/cuda/atomic_form.hpp"
#include "kernels/cuda/dtans_lane.hpp"
#include "kernels/cuda/entry_rules.hpp"
#include "kernels/cuda/format_rows.hpp"
#include "kernels/cuda/push_steps.hpp"

namespace graphring::testing::emulation {

// The kernels' output workspace as a host vector. Every presence byte must have been written
// (workspaces start with 2 in them, as device memory starts with anything).
template <class C>
vector<C> from_workspace(array<C> values, array<std::uint8_t> present) {
  const std::uint64_t n = present.size();
  const auto found = std::uint64_t(std::count(present.begin(), present.end(), 1));
  EXPECT_EQ(found + std::uint64_t(std::count(present.begin(), present.end(), 0)), n)
      << "a kernel step left presence bytes unwritten";
  auto v = vector<C>::from_bitmap(n, std::move(values), std::move(present), found);
  v.conform();
  return v;
}

// 32 host threads standing in for a warp's lanes in dtans_lane_rows: in each collective a lane
// posts its argument, meets the others at a barrier and reads the posts. Posts alternate between
// two boards, so one barrier a collective suffices: no lane can post on a board again before
// every lane has passed the next barrier, and each reads the board before arriving there.
class host_warp {
 public:
  struct team {
    host_warp* warp;
    std::uint32_t lane;
    std::uint64_t round = 0;  // the collectives this lane has joined

    std::uint64_t exclusive_sum(std::uint64_t v, std::uint64_t& total) {
      const auto& posts = exchange(v);
      const std::uint64_t before = std::accumulate(posts.begin(), posts.begin() + lane, 0ull);
      total = std::accumulate(posts.begin(), posts.end(), 0ull);
      return before;
    }
    std::uint64_t rank(bool b, std::uint64_t& count) { return exclusive_sum(b, count); }
    std::uint64_t max(std::uint64_t v) {
      const auto& posts = exchange(v);
      return *std::max_element(posts.begin(), posts.end());
    }

   private:
    const std::array<std::uint64_t, dtans_lanes>& exchange(std::uint64_t v) {
      auto& board = warp->boards_[round++ % 2];
      board[lane] = v;
      warp->sync_.arrive_and_wait();
      return board;
    }
  };

  // Runs lane(team) on each of the 32 lanes, a thread each.
  template <class Lane>
  void run(const Lane& lane) {
    std::vector<std::thread> threads;
    for (std::uint32_t l = 0; l < dtans_lanes; ++l)
      threads.emplace_back([this, l, &lane] {
        team t{this, l};
        lane(t);
      });
    for (auto& t : threads) t.join();
  }

 private:
  std::array<std::array<std::uint64_t, dtans_lanes>, 2> boards_{};
  std::barrier<> sync_{dtans_lanes};
};

// The mask view of a host mask vector (sparse masks spread into `spread`), as device_mask does.
template <class M>
cuda::mask_view mask_of(const vector<M>& m, const descriptor& d, array<std::uint8_t>& spread) {
  cuda::mask_view view;
  view.complement = d.complement_mask;
  auto truth = [&](const M& x) { return d.structural_mask || x != M(0); };
  if (m.form() == vector_form::sparse) {
    spread = array<std::uint8_t>(m.size(), 0);
    m.for_each([&](std::uint64_t i, const M& x) { spread[i] = truth(x); });
    view.present = spread.data();
    return view;
  }
  view.present = m.present();
  if (!d.structural_mask) {  // truth bytes where present (an absent bool holds no value)
    spread = array<std::uint8_t>(m.size(), 0);
    for (std::uint64_t i = 0; i < m.size(); ++i)
      spread[i] = (!m.present() || m.present()[i]) && m.values()[i] != M(0);
    view.truth = spread.data();
  }
  return view;
}

// t<mask> = rows ⊕.⊗ x by pull (pull.cuh), CSR through the ordered row step.
template <class S, class T, class U>
vector<typename S::c_type> pull(const cuda::pull_rows<T>& r, const U* x,
                                const std::uint8_t* x_present, const cuda::mask_view& mask) {
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  const std::uint64_t n = r.nrows;
  array<C> y(n);
  array<std::uint8_t> y_present(n, 2);
  auto coo = [&](const coo_view<T>& c, bool continuing) {
    if constexpr (cuda::has_atomic_form_v<M, C>) {
      if (!continuing) {
        std::fill(y.begin(), y.end(), S::zero());
        std::fill(y_present.begin(), y_present.end(), 0);
      }
      for (std::uint64_t k = 0; k < c.nnz; ++k)
        cuda::coo_entry<S>(c, r.iso, x, x_present, mask, k, y.data(), y_present.data(),
                           cuda::sequential_combine<M>{});
    } else {
      for (std::uint64_t i = 0; i < n; ++i)
        cuda::coo_row<S>(c, r.iso, x, x_present, mask, i, y.data(), y_present.data(), continuing);
    }
  };
  auto ell = [&](const ell_view<T>& e) {
    for (std::uint64_t i = 0; i < n; ++i)
      cuda::ell_row<S>(e, r.iso, x, x_present, mask, i, y.data(), y_present.data());
  };
  switch (r.kind) {
    case format_kind::csr:
      for (std::uint64_t i = 0; i < n; ++i)
        cuda::csr_row<S>(r.csr, x, x_present, mask, i, y.data(), y_present.data());
      break;
    case format_kind::coo:
      coo(r.coo, false);
      break;
    case format_kind::ell:
      ell(r.ell);
      break;
    case format_kind::hyb:
      ell(r.hyb.ell);
      coo(r.hyb.coo, true);
      break;
    case format_kind::cci:
    case format_kind::dtans: {  // rows coded in pieces leave their sums in partial slots
      array<C> partial(r.split.partial_slots);
      array<std::uint8_t> partial_present(r.split.partial_slots, 2);
      if (r.kind == format_kind::cci) {
        for (std::uint64_t g = 0; g < r.cci.group_count(); ++g)
          cuda::cci_group_rows<S>(r.cci, r.split, r.iso, x, x_present, mask, g, y.data(),
                                  y_present.data(), partial.data(), partial_present.data());
      } else {
        host_warp warp;
        warp.run([&](host_warp::team& team) {
          for (std::uint64_t s = 0; s < r.dtans.slices; ++s)
            cuda::dtans_lane_rows<S>(r.dtans, r.split, r.iso, x, x_present, mask, s, team.lane,
                                     team, y.data(), y_present.data(), partial.data(),
                                     partial_present.data());
        });
      }
      EXPECT_EQ(std::count(partial_present.begin(), partial_present.end(), 2), 0)
          << "a piece's sum was not written";
      for (std::uint64_t k = 0; k < r.split.count; ++k)
        cuda::join_split_row<S>(r.split, k, partial.data(), partial_present.data(), y.data(),
                                y_present.data());
      break;
    }
    default:
      for (std::uint64_t p = 0; p < r.sell.slices * r.sell.chunk; ++p)
        cuda::sell_position<S>(r.sell, r.iso, x, x_present, mask, p, y.data(), y_present.data());
      for (int b = 0; b < cuda::row_bin_count; ++b)  // the long rows, kept in CSR
        for (std::uint64_t k = 0; k < r.bin_sizes[b]; ++k)
          cuda::csr_row<S>(r.csr, x, x_present, mask, r.bin_rows[b][k], y.data(), y_present.data());
  }
  return from_workspace(std::move(y), std::move(y_present));
}

// t<mask> = u ⊕.⊗ rows by push (push.cuh), S in the vxm orientation: by the atomic form's
// steps, or (ordered) by the stable sort of slots by target and one fold per target.
template <class S, class T, class U>
vector<typename S::c_type> push(const kernels::csr_view<T>& rows, const vector<U>& u,
                                const cuda::mask_view& mask, bool ordered) {
  using C = typename S::c_type;
  const std::uint64_t n = rows.ncols, nvals = u.nvals();
  const std::uint32_t* index = u.indices();
  std::vector<std::uint64_t> start(nvals);
  std::uint64_t total = 0;
  for (std::uint64_t e = 0; e < nvals; ++e) {
    start[e] = total;
    total += rows.offsets[index[e] + 1] - rows.offsets[index[e]];
  }
  if (!ordered) {
    if constexpr (cuda::has_atomic_form_v<typename S::add_monoid, C>) {
      array<C> values(n, S::zero());
      array<std::uint8_t> present(n, 0);
      for (std::uint64_t t = 0; t < total; ++t)
        cuda::push_slot<S>(rows, index, u.values(), start.data(), nvals, mask, t, values.data(),
                           present.data(), cuda::sequential_combine<typename S::add_monoid>{});
      return from_workspace(std::move(values), std::move(present));
    }
  }
  const auto excluded = std::uint32_t(n);
  std::vector<std::uint32_t> key(total);
  std::vector<std::uint64_t> slot(total);
  for (std::uint64_t t = 0; t < total; ++t)
    cuda::push_key(rows, index, start.data(), nvals, mask, excluded, t, key.data(), slot.data());
  std::stable_sort(slot.begin(), slot.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return key[a] < key[b]; });
  std::vector<std::uint32_t> sorted(total), head;
  for (std::uint64_t s = 0; s < total; ++s) sorted[s] = key[slot[s]];
  for (std::uint64_t s = 0; s < total; ++s)
    if (s == 0 || sorted[s] != sorted[s - 1]) head.push_back(std::uint32_t(s));
  std::uint64_t runs = head.size(), last = total;
  if (runs && sorted[head.back()] == excluded) last = head[--runs];
  array<vertex_id> indices(runs);
  array<C> values(runs);
  for (std::uint64_t r = 0; r < runs; ++r)
    cuda::fold_run<S>(rows, index, u.values(), start.data(), nvals, sorted.data(), slot.data(),
                      head.data(), runs, last, r, indices.data(), values.data());
  auto t = vector<C>::from_sparse(n, std::move(indices), std::move(values));
  t.conform();
  return t;
}

}  // namespace graphring::testing::emulation
