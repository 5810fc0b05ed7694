#include "dist/graph_pieces.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

#include "core/error.hpp"

namespace graphring::dist {

namespace {

// An arc on its way to the process that holds its row. `order` ranks the arcs of one (row,
// column) as graphring's build takes them: for an edge list the arc number (2e for edge e as
// given, 2e + 1 for its reverse under --symmetrize); for a Matrix Market file the entry's
// (row << 32 | column) in the file's matrix, its mirror included, which a reverse keeps, since
// graphring checks the file's entries and symmetrizes the matrix they make, in row order.
struct arc {
  vertex_id row, column;
  std::uint64_t order;
  double weight;
};

// Whether an arc is an entry as the file (or its mirror) gives it, not a reverse --symmetrize
// added.
bool as_given(const arc& a, bool matrix_market) {
  return matrix_market ? vertex_id(a.order >> 32) == a.row : (a.order & 1) == 0;
}

std::uint64_t exclusive_sum(const process_grid& procs, std::uint64_t x) {
  std::uint64_t before = 0;
  MPI_Exscan(&x, &before, 1, MPI_UINT64_T, MPI_SUM, procs.world());
  return procs.rank() == 0 ? 0 : before;
}

void refuse_too_many(std::uint64_t n, const std::string& file) {
  if (n > max_vertices)
    throw error(error_kind::limit,
                std::to_string(n) + " distinct vertex ids exceed the " +
                    std::to_string(max_vertices) + " of 32-bit vertex ids",
                file);
}

// An edge list's labels, compacted in ascending order over every process's piece, as graphring's
// reader compacts them, with the id of each label.
class label_ids {
 public:
  label_ids(const process_grid& procs, const io::edges_piece& piece, const std::string& file) {
    std::int64_t lo = std::numeric_limits<std::int64_t>::max(),
                 hi = std::numeric_limits<std::int64_t>::min();
    for (const auto* labels : {&piece.src, &piece.dst})
      for (std::int64_t x : *labels) lo = std::min(lo, x), hi = std::max(hi, x);
    MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_INT64_T, MPI_MIN, procs.world());
    MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_INT64_T, MPI_MAX, procs.world());
    lo_ = lo;
    const std::uint64_t count = procs.sum(std::uint64_t(2 * piece.src.size()));
    if (count == 0) return;
    // As graphring's reader: a table over the labels' span when it is not much wider than the
    // edges (hi - lo in unsigned arithmetic is exact; + 1 could wrap), else sorted labels.
    const std::uint64_t distance = std::uint64_t(hi) - std::uint64_t(lo);
    if (distance < 4 * count + (1u << 20))
      mark_present(procs, piece, distance + 1, file);
    else
      merge_sorted(procs, piece, file);
  }

  vertex_labels labels() const { return labels_; }
  vertex_id operator()(std::int64_t label) const {
    if (!table_.empty()) return table_[std::uint64_t(label) - std::uint64_t(lo_)];
    return vertex_id(std::lower_bound(sorted_.begin(), sorted_.end(), label) - sorted_.begin());
  }

 private:
  // One mark per label of the span, OR-ed over the processes as bits, then each label's id.
  void mark_present(const process_grid& procs, const io::edges_piece& piece, std::uint64_t span,
                    const std::string& file) {
    std::vector<std::uint64_t> bits((span + 63) / 64, 0);
    for (const auto* labels : {&piece.src, &piece.dst})
      for (std::int64_t x : *labels) {
        const std::uint64_t i = std::uint64_t(x) - std::uint64_t(lo_);
        bits[i >> 6] |= std::uint64_t(1) << (i & 63);
      }
    constexpr std::size_t most = 1u << 30;  // MPI's int counts
    for (std::size_t at = 0; at < bits.size(); at += most)
      MPI_Allreduce(MPI_IN_PLACE, bits.data() + at, int(std::min(most, bits.size() - at)),
                    MPI_UINT64_T, MPI_BOR, procs.world());
    table_.resize(span);
    buffer<std::int64_t> labels;
    for (std::uint64_t i = 0; i < span; ++i) {
      table_[i] = vertex_id(labels.size());
      if (bits[i >> 6] >> (i & 63) & 1) {
        refuse_too_many(labels.size() + 1, file);
        labels.push_back(lo_ + std::int64_t(i));
      }
    }
    if (labels.size() == span)
      labels_ = vertex_labels::with_offset(span, lo_);
    else
      labels_ = vertex_labels::explicit_labels(shared_array<std::int64_t>(std::move(labels)));
  }

  // Labels spread wide: each process's distinct ones, gathered by all and merged.
  void merge_sorted(const process_grid& procs, const io::edges_piece& piece,
                    const std::string& file) {
    std::vector<std::int64_t> mine(piece.src.begin(), piece.src.end());
    mine.insert(mine.end(), piece.dst.begin(), piece.dst.end());
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
    std::vector<std::int64_t> all = procs.all_gather(mine);
    mine = {};
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    refuse_too_many(all.size(), file);
    sorted_ = shared_array<std::int64_t>(std::move(all));
    labels_ = vertex_labels::explicit_labels(sorted_);
  }

  std::int64_t lo_ = 0;
  std::vector<vertex_id> table_;
  shared_array<std::int64_t> sorted_;
  vertex_labels labels_;
};

// The arcs of this process's piece, each with its row's owner: the entries (and a Matrix Market
// file's mirrors, numbered after all the file's entries, as graphring's reader adds them), and
// with --symmetrize each one's reverse.
template <class Id, class Send>
void each_arc(const process_grid& procs, const io::edges_piece& piece, bool matrix_market,
              bool symmetrize, Id id, Send send) {
  const std::uint64_t first_edge = exclusive_sum(procs, piece.src.size());
  const auto edges = [&](const buffer<std::int64_t>& src, const buffer<std::int64_t>& dst,
                         const buffer<double>& weights, std::uint64_t first) {
    for (std::size_t i = 0; i < src.size(); ++i) {
      const vertex_id u = id(src[i]), v = id(dst[i]);
      const double w = weights.empty() ? 1.0 : weights[i];
      const std::uint64_t order = matrix_market ? (std::uint64_t(u) << 32 | v) : 2 * (first + i);
      send(arc{u, v, order, w});
      if (symmetrize && u != v) send(arc{v, u, matrix_market ? order : order + 1, w});
    }
  };
  edges(piece.src, piece.dst, piece.weights, first_edge);
  edges(piece.mirror_src, piece.mirror_dst, piece.mirror_weights, 0);  // Matrix Market only
}

// The arcs of rows `part` grouped by row (a counting sort), each row sorted by (column, order).
std::vector<arc> sorted_by_row(const std::vector<arc>& arcs, local_part part) {
  std::vector<std::uint64_t> at(part.length + 1, 0);
  for (const arc& a : arcs) ++at[a.row - part.offset + 1];
  for (std::uint64_t r = 0; r < part.length; ++r) at[r + 1] += at[r];
  std::vector<std::uint64_t> next(at.begin(), at.end() - 1);
  std::vector<arc> out(arcs.size());
  for (const arc& a : arcs) out[next[a.row - part.offset]++] = a;
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t r = 0; r < std::int64_t(part.length); ++r)
    std::sort(out.begin() + std::ptrdiff_t(at[r]), out.begin() + std::ptrdiff_t(at[r + 1]),
              [](const arc& x, const arc& y) {
                return std::tie(x.column, x.order) < std::tie(y.column, y.order);
              });
  return out;
}

// What this process receives, grouped by row and sorted by (column, order) in each. The piece is
// released once its arcs are on their way.
template <class Id>
std::vector<arc> arcs_to_owners(const process_grid& procs, io::edges_piece& piece, std::uint64_t n,
                                bool matrix_market, bool symmetrize, Id id) {
  std::vector<std::uint64_t> counts(std::size_t(procs.size()), 0);
  std::vector<std::uint32_t> owners;  // of every arc, in each_arc's order
  owners.reserve((symmetrize ? 2 : 1) * (piece.src.size() + piece.mirror_src.size()));
  each_arc(procs, piece, matrix_market, symmetrize, id, [&](const arc& a) {
    owners.push_back(std::uint32_t(procs.vertex_owner(a.row, n)));
    ++counts[owners.back()];
  });
  std::vector<std::uint64_t> at(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) at[r + 1] = at[r] + counts[r];
  std::vector<arc> outgoing(at.back());
  std::size_t e = 0;
  each_arc(procs, piece, matrix_market, symmetrize, id,
           [&](const arc& a) { outgoing[at[owners[e++]]++] = a; });
  owners = {};
  piece = {};
  return sorted_by_row(procs.exchange(std::move(outgoing), counts), procs.part(n));
}

// A Matrix Market file's first duplicate entry among these rows, as graphring's load reports it.
void refuse_duplicate(const std::vector<arc>& arcs, bool mirrored, const io::input_bytes& in,
                      const std::string& file) {
  for (std::size_t e = 0, last_given = SIZE_MAX; e < arcs.size(); ++e) {
    if (!as_given(arcs[e], true)) continue;
    if (last_given != SIZE_MAX && arcs[last_given].row == arcs[e].row &&
        arcs[last_given].column == arcs[e].column)
      throw error(error_kind::bad_input,
                  "duplicate entry (" + std::to_string(arcs[e].row + 1) + ", " +
                      std::to_string(arcs[e].column + 1) +
                      "); a Matrix Market file holds each entry once",
                  file, io::matrix_market_entry_line(in, arcs[e].row, arcs[e].column, mirrored, 2));
    last_given = e;
  }
}

// Rows `part` of A from its sorted arcs: self-loops dropped when asked, and with --symmetrize the
// first arc of each (row, column) alone, as graphring's build keeps it.
csr_matrix rows_of(const std::vector<arc>& arcs, local_part part, std::uint64_t n, bool weighted,
                   const build_options& options) {
  buffer<edge_offset> offsets(part.length + 1, 0);
  buffer<vertex_id> columns;
  buffer<double> weights;
  columns.reserve(arcs.size());
  if (weighted) weights.reserve(arcs.size());
  for (std::size_t e = 0; e < arcs.size(); ++e) {
    const arc& a = arcs[e];
    if (options.drop_self_loops && a.row == a.column) continue;
    if (options.symmetrize && e > 0 && arcs[e - 1].row == a.row && arcs[e - 1].column == a.column)
      continue;
    ++offsets[a.row - part.offset + 1];
    columns.push_back(a.column);
    if (weighted) weights.push_back(a.weight);
  }
  for (std::uint64_t r = 0; r < part.length; ++r) offsets[r + 1] += offsets[r];
  csr_matrix rows;
  rows.nrows = part.length;
  rows.ncols = n;
  rows.offsets = shared_array<edge_offset>(std::move(offsets));
  rows.cols = shared_array<vertex_id>(std::move(columns));
  if (weighted) rows.values = shared_array<double>(std::move(weights));
  return rows;
}

}  // namespace

bool read_in_pieces(input_format format, const io::input_bytes& in) {
  return in.mapped && (format == input_format::matrix_market || format == input_format::edge_list ||
                       format == input_format::weighted_edge_list);
}

io::edges_piece read_piece(const process_grid& procs, input_format format,
                           const io::input_bytes& in, const std::string& file) {
  const auto index = std::uint64_t(procs.rank()), parts = std::uint64_t(procs.size());
  if (format == input_format::matrix_market)
    return io::parse_matrix_market_piece(in, file, index, parts);
  return io::parse_edge_list_piece(in, file, format == input_format::weighted_edge_list, index,
                                   parts);
}

graph_rows rows_from_pieces(const process_grid& procs, io::edges_piece piece,
                            const build_options& options, const io::input_bytes& in,
                            const std::string& file) {
  io::check_declared_count(piece, procs.sum(std::uint64_t(piece.src.size())), file);
  const bool matrix_market = piece.format.starts_with("matrix market");
  graph_rows out;
  out.symmetric = piece.mirrored || options.symmetrize;
  const bool weighted = piece.weighted, mirrored = piece.mirrored;
  std::vector<arc> arcs;
  std::uint64_t n = piece.vertices;
  if (matrix_market) {
    out.labels = vertex_labels::with_offset(n, 1);
    arcs = arcs_to_owners(procs, piece, n, true, options.symmetrize,
                          [](std::int64_t x) { return vertex_id(x); });
  } else {
    const label_ids ids(procs, piece, file);
    out.labels = ids.labels();
    n = out.labels.size();
    arcs = arcs_to_owners(procs, piece, n, false, options.symmetrize, ids);
  }
  if (matrix_market) refuse_duplicate(arcs, mirrored, in, file);
  out.rows = rows_of(arcs, procs.part(n), n, weighted, options);
  return out;
}

}  // namespace graphring::dist
