#include "dist/process_grid.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"

namespace graphring::dist {

namespace {

// CombBLAS's split of `total` over `parts`: equal shares, the last part taking the rest.
local_part share(std::uint64_t total, int parts, int which) {
  const std::uint64_t each = total / std::uint64_t(parts);
  const std::uint64_t begin = each * std::uint64_t(which);
  return {begin, which == parts - 1 ? total - begin : each};
}

// Which part of `share`'s split holds x: x / each, the last part taking the rest.
int share_holding(std::uint64_t x, std::uint64_t total, int parts) {
  const std::uint64_t each = total / std::uint64_t(parts);
  return each == 0 ? parts - 1 : int(std::min<std::uint64_t>(x / each, std::uint64_t(parts - 1)));
}

}  // namespace

process_grid::process_grid(MPI_Comm world) : world_(world) {
  MPI_Comm_rank(world, &rank_);
  MPI_Comm_size(world, &size_);
  side_ = static_cast<int>(std::lround(std::sqrt(double(size_))));
  if (side_ * side_ != size_)
    throw error(error_kind::usage,
                "graphring-dist runs on a square number of processes (1, 4, 9, 16, ...: "
                "CombBLAS's 2-D grid is square), not " +
                    std::to_string(size_));
  grid_ = std::make_shared<combblas::CommGrid>(world, side_, side_);
}

local_part process_grid::part(std::uint64_t n) const {
  // FullyDist's layout: n split over the grid's rows, each row's share over its processes.
  const local_part row = share(n, side_, grid_->GetRankInProcCol());
  const local_part mine = share(row.length, side_, grid_->GetRankInProcRow());
  return {row.offset + mine.offset, mine.length};
}

local_part process_grid::block_rows(std::uint64_t n) const {
  return share(n, side_, grid_->GetRankInProcCol());
}

local_part process_grid::block_columns(std::uint64_t n) const {
  return share(n, side_, grid_->GetRankInProcRow());
}

int process_grid::owner(std::uint64_t row, std::uint64_t column, std::uint64_t n) const {
  return grid_->GetRank(share_holding(row, n, side_), share_holding(column, n, side_));
}

int process_grid::vertex_owner(std::uint64_t v, std::uint64_t n) const {
  const int grid_row = share_holding(v, n, side_);
  const local_part row = share(n, side_, grid_row);
  return grid_->GetRank(grid_row, share_holding(v - row.offset, row.length, side_));
}

double process_grid::sum(double x) const {
  double total = 0;
  MPI_Allreduce(&x, &total, 1, MPI_DOUBLE, MPI_SUM, world_);
  return total;
}

std::uint64_t process_grid::sum(std::uint64_t x) const {
  std::uint64_t total = 0;
  MPI_Allreduce(&x, &total, 1, MPI_UINT64_T, MPI_SUM, world_);
  return total;
}

}  // namespace graphring::dist
