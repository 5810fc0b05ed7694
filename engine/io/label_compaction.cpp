// Label compaction: direct-address table for dense labels, sort + binary search otherwise.
#include "engine/io/label_compaction.hpp"

#include <algorithm>
#include <atomic>
#include <limits>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/prefix_sum.hpp"

namespace graphring::io {
namespace {

template <class Lookup>
void map_edges(std::span<const labeled_edges> chunks, compacted_edges& out, Lookup&& id_of) {
  std::vector<std::size_t> start(chunks.size() + 1, 0);
  for (std::size_t c = 0; c < chunks.size(); ++c) start[c + 1] = start[c] + chunks[c].src.size();
  out.src.resize(start.back());
  out.dst.resize(start.back());
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t c = 0; c < std::int64_t(chunks.size()); ++c) {
    const labeled_edges& chunk = chunks[c];
    for (std::size_t i = 0; i < chunk.src.size(); ++i) {
      out.src[start[c] + i] = id_of(chunk.src[i]);
      out.dst[start[c] + i] = id_of(chunk.dst[i]);
    }
  }
}

}  // namespace

compacted_edges compact_labels(std::span<const labeled_edges> chunks,
                               std::span<const std::int64_t> extra, const std::string& file) {
  std::int64_t lo = std::numeric_limits<std::int64_t>::max();
  std::int64_t hi = std::numeric_limits<std::int64_t>::min();
  std::uint64_t count = extra.size();
  for (std::int64_t x : extra) lo = std::min(lo, x), hi = std::max(hi, x);
  for (const labeled_edges& c : chunks) {
    count += 2 * c.src.size();
    for (std::int64_t x : c.src) lo = std::min(lo, x), hi = std::max(hi, x);
    for (std::int64_t x : c.dst) lo = std::min(lo, x), hi = std::max(hi, x);
  }
  compacted_edges out;
  if (count == 0) return out;

  // hi - lo in unsigned arithmetic is exact; adding 1 would wrap to 0 for the full int64 range,
  // so the table's size is decided on the distance before the 1 is added.
  const std::uint64_t distance = std::uint64_t(hi) - std::uint64_t(lo);
  const bool dense = distance < 4 * count + (1u << 20);
  if (dense) {
    const std::uint64_t span_size = distance + 1;
    // table[x - lo] marks present labels, then becomes each label's id by a prefix sum
    buffer<std::uint64_t> table(span_size + 1, 0);
    auto mark = [&](std::int64_t x) {
      std::atomic_ref<std::uint64_t>(table[std::uint64_t(x - lo)])
          .store(1, std::memory_order_relaxed);
    };
    for (std::int64_t x : extra) mark(x);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < std::int64_t(chunks.size()); ++c) {
      for (std::int64_t x : chunks[c].src) mark(x);
      for (std::int64_t x : chunks[c].dst) mark(x);
    }
    const std::uint64_t n = kernels::exclusive_prefix_sum(table.data(), span_size);
    table[span_size] = n;
    if (n > max_vertices)
      throw error(error_kind::limit,
                  std::to_string(n) + " distinct vertex ids exceed the " +
                      std::to_string(max_vertices) + " of 32-bit vertex ids",
                  file);
    buffer<std::int64_t> labels(n);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(span_size); ++i)
      if (table[i + 1] != table[i]) labels[table[i]] = lo + i;
    map_edges(chunks, out, [&](std::int64_t x) { return vertex_id(table[std::uint64_t(x - lo)]); });
    if (lo == 1 && n == span_size) {
      out.labels = vertex_labels::with_offset(n, 1);  // labels are exactly 1..n
    } else if (lo == 0 && n == span_size) {
      out.labels = vertex_labels::with_offset(n, 0);
    } else {
      out.labels = vertex_labels::explicit_labels(shared_array<std::int64_t>(std::move(labels)));
    }
    return out;
  }

  require_memory(count * 8, "sorting the vertex labels", file);
  buffer<std::int64_t> labels(extra.begin(), extra.end());
  labels.reserve(count);
  for (const labeled_edges& c : chunks) {
    labels.insert(labels.end(), c.src.begin(), c.src.end());
    labels.insert(labels.end(), c.dst.begin(), c.dst.end());
  }
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  labels.shrink_to_fit();
  if (labels.size() > max_vertices)
    throw error(error_kind::limit,
                std::to_string(labels.size()) + " distinct vertex ids exceed the " +
                    std::to_string(max_vertices) + " of 32-bit vertex ids",
                file);
  map_edges(chunks, out, [&](std::int64_t x) {
    return vertex_id(std::lower_bound(labels.begin(), labels.end(), x) - labels.begin());
  });
  out.labels = vertex_labels::explicit_labels(shared_array<std::int64_t>(std::move(labels)));
  return out;
}

}  // namespace graphring::io
