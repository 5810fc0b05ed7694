// What one lane of a warp does in the GPU pull product over CSR-dtANS (Schätzle, Pegolotti,
// Püschel, "Fast Entropy Decoding for Sparse MVM on GPUs", seeds/003; the format is
// engine/formats/dtans.hpp): a warp decodes one slice, lane l the stream of the slice's l-th run
// of consecutive rows, taking the view's lane steps (kernels/formats/dtans_view.hpp) in the
// order its lockstep slice decoder takes them. What the decoder finds by walking the lanes in
// order, a lane learns from its team (the warp): where its first row is (the sum of the row
// counts of the lanes before it), where its next word is in each load round (the loading lanes
// take consecutive words in lane order: ballot and popc on the GPU), and where its escape bits
// start in each segment (the sum of the bits the lanes before it read). Each lane folds its
// entries into its current row's sum as csr_row does and writes the sum at the row's end; a row
// longer than a lane's share is coded in pieces (views.hpp, row_pieces), whose sums go to
// partial slots that join_split_row folds into the row (row_pieces.hpp).
// Host and device code: Team is the warp on the GPU (dtans_pull in format_pull.cuh) and 32 host
// threads meeting at a barrier in the tests.
#pragma once

#include <cstdint>

#include "kernels/cuda/row_fold.hpp"
#include "kernels/cuda/row_pieces.hpp"
#include "kernels/cuda/views.hpp"
#include "kernels/formats/dtans_view.hpp"

namespace graphring::cuda {

// Team (every lane calls each member in the same order, with its own argument):
//   uint64 exclusive_sum(uint64 v, uint64& total): Σ v over the lanes before this one; total:
//     over all lanes;
//   uint64 rank(bool b, uint64& count): the lanes before this one with b; count: all lanes with b;
//   uint64 max(uint64 v): the most v of any lane.
template <class S, class T, class U, class Team>
GRAPHRING_HD void dtans_lane_rows(const dtans_view<T>& v, const row_pieces& split, const T& iso,
                                  const U* x, const std::uint8_t* x_present, const mask_view& mask,
                                  std::uint64_t s, std::uint32_t l, Team& team,
                                  typename S::c_type* y, std::uint8_t* y_present,
                                  typename S::c_type* partial, std::uint8_t* partial_present) {
  using A = typename S::a_type;
  const bool weighted = v.value_table != nullptr;
  std::uint64_t total = 0;
  const std::uint64_t before = team.exclusive_sum(v.lane_rows[s * dtans_lanes + l], total);
  dtans_lane a;
  v.start_lane(s, l, v.slice_row[s] + before, a);
  const std::uint64_t segments = team.max(a.segments);
  std::uint64_t pos = v.word_start[s], esc = v.escape_start[s] * 32;
  // The slice's next words go to the lanes that load, in lane order; returns this lane's.
  auto next_word = [&](bool loads) {
    std::uint64_t loading = 0;
    const std::uint64_t at = pos + team.rank(loads, loading);
    pos += loading;
    return at;
  };

  piece_tracker rows;
  rows.start(split, a.row);
  row_fold<S, U> f{x, x_present, rows.real_row()};
  bool started = false, done = false;  // the row has had an entry; its sum is final or masked
  auto on_entry = [&](std::uint32_t, std::uint64_t, vertex_id k, const T& value) {
    if (!started) {
      started = true;
      done = !mask.allows(f.i);
    }
    if (!done) done = f.take(k, weighted ? A(value) : A(iso));
  };
  // A coded row's sum goes to its row, or for a piece to its partial slot.
  auto on_row_end = [&](std::uint32_t, std::uint64_t) {
    rows.put_sum(f.acc, f.taken, f.i, y, y_present, partial, partial_present);
    rows.advance();
    f = row_fold<S, U>{x, x_present, rows.real_row()};
    started = done = false;
  };

  auto first_load = [&](std::uint32_t& w, int j) {
    const bool loads = v.first_loads(a, j);
    const std::uint64_t at = next_word(loads);
    if (loads) w = v.words[at];
  };
  first_load(a.w[0], 0);
  first_load(a.w[1], 1);
  first_load(a.w[2], 2);
  for (std::uint64_t t = 0; t < segments; ++t) {
    const bool active = t < a.segments;
    std::uint64_t escape_bits = 0;
    std::uint64_t lane_esc =
        esc + team.exclusive_sum(active ? v.segment_escape_bits(a, t) : 0, escape_bits);
    esc += escape_bits;
    if (active) v.decode_segment(l, a, t, lane_esc, on_entry, on_row_end);
    const bool loads_0 = v.template check_loads<0>(a, t);
    v.template check_word<0>(a, t, next_word(loads_0));
    const bool loads_1 = v.template check_loads<1>(a, t);
    v.template check_word<1>(a, t, next_word(loads_1));
    const bool loads_2 = v.third_loads(a, t);
    const std::uint64_t at = next_word(loads_2);
    if (loads_2) a.w[2] = v.words[at];
  }
}

}  // namespace graphring::cuda
