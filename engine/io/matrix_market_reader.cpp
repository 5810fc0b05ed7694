// Matrix Market reader (NIST format: banner, comments, size line, entries), parsed in parallel.
// Symmetric and skew-symmetric files are expanded to both triangles; indices are 1-based.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <type_traits>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "engine/io/readers.hpp"
#include "engine/io/text_scan.hpp"

namespace graphring::io {
namespace {

enum class mm_field { real, integer, pattern };
enum class mm_symmetry { general, symmetric, skew };

struct mm_header {
  bool coordinate = true;
  mm_field field = mm_field::real;
  mm_symmetry symmetry = mm_symmetry::general;
  value_type stored = value_type::float64;
  double min_value = -INFINITY, max_value = INFINITY;  // declared type's range (%%GraphBLAS)
  std::string type_name;                               // declared type, for messages
  std::uint64_t rows = 0, cols = 0, entries = 0;
  const char* size_line = nullptr;
  const char* body = nullptr;
};

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < line.size();) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j])) ++j;
    if (j > i) out.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// %%GraphBLAS type NAME: the stored type and the range every value must lie in.
void apply_type_hint(mm_header& h, const std::string& name, const char* where) {
  struct hint {
    const char* name;
    value_type stored;
    double lo, hi;
  };
  static const hint hints[] = {
      {"bool", value_type::int32, 0, 1},
      {"int8_t", value_type::int32, -128, 127},
      {"int16_t", value_type::int32, -32768, 32767},
      {"int32_t", value_type::int32, -2147483648.0, 2147483647.0},
      {"int64_t", value_type::int64, -9223372036854775808.0, 9223372036854775807.0},
      {"uint8_t", value_type::uint32, 0, 255},
      {"uint16_t", value_type::uint32, 0, 65535},
      {"uint32_t", value_type::uint32, 0, 4294967295.0},
      {"uint64_t", value_type::int64, 0, 9223372036854775807.0},
      {"float", value_type::float32, -INFINITY, INFINITY},
      {"double", value_type::float64, -INFINITY, INFINITY},
  };
  for (const hint& x : hints)
    if (name == x.name) {
      h.stored = x.stored;
      h.min_value = x.lo;
      h.max_value = x.hi;
      h.type_name = name;
      return;
    }
  throw parse_failure{where, "unknown %%GraphBLAS type '" + name + "'"};
}

mm_header parse_header(std::string_view text, const std::string& file) {
  mm_header h;
  line_cursor cur(text.data(), text.data() + text.size());
  const char* banner = cur.position();
  const std::vector<std::string> b = words(cur.rest_of_line());
  if (b.empty() || lower(b[0]) != "%%matrixmarket")
    throw parse_failure{banner,
                        "missing Matrix Market header: the first line must be "
                        "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'"};
  if (b.size() != 5)
    throw parse_failure{banner,
                        "the Matrix Market header needs 4 words after %%MatrixMarket, not " +
                            std::to_string(b.size() - 1)};
  const std::string object = lower(b[1]), format = lower(b[2]), field = lower(b[3]),
                    symmetry = lower(b[4]);
  if (object != "matrix")
    throw parse_failure{banner,
                        "unsupported Matrix Market object '" + b[1] + "' (expected 'matrix')"};
  if (format == "array")
    h.coordinate = false;
  else if (format != "coordinate")
    throw parse_failure{
        banner, "unknown Matrix Market format '" + b[2] + "' (expected 'coordinate' or 'array')"};
  if (field == "real" || field == "double")
    h.field = mm_field::real, h.stored = value_type::float64;
  else if (field == "integer")
    h.field = mm_field::integer, h.stored = value_type::int64;
  else if (field == "pattern")
    h.field = mm_field::pattern, h.stored = value_type::none;
  else if (field == "complex")
    throw parse_failure{banner, "complex values are not supported"};
  else
    throw parse_failure{
        banner, "unknown Matrix Market field '" + b[3] + "' (expected real, integer or pattern)"};
  if (symmetry == "general")
    h.symmetry = mm_symmetry::general;
  else if (symmetry == "symmetric")
    h.symmetry = mm_symmetry::symmetric;
  else if (symmetry == "skew-symmetric")
    h.symmetry = mm_symmetry::skew;
  else if (symmetry == "hermitian")
    throw parse_failure{banner, "hermitian matrices are complex, which is not supported"};
  else
    throw parse_failure{banner, "unknown Matrix Market symmetry '" + b[4] +
                                    "' (expected general, symmetric or skew-symmetric)"};
  if (h.field == mm_field::pattern && !h.coordinate)
    throw parse_failure{banner, "an array (dense) Matrix Market file cannot be 'pattern'"};
  if (h.field == mm_field::pattern && h.symmetry == mm_symmetry::skew)
    throw parse_failure{banner, "a pattern matrix cannot be skew-symmetric"};
  cur.next_line();

  // Comments (a %%GraphBLAS line may declare the value type), then the size line.
  while (!cur.at_end()) {
    if (cur.at_line_end()) {
      cur.next_line();
      continue;
    }
    if (cur.peek() == '%') {
      const std::vector<std::string> w = words(cur.rest_of_line());
      if (w.size() >= 3 && lower(w[0]) == "%%graphblas" && lower(w[1]) == "type" &&
          h.field != mm_field::pattern)
        apply_type_hint(h, w.size() == 4 ? w[2] + " " + w[3] : w[2], cur.position());
      cur.next_line();
      continue;
    }
    h.size_line = cur.position();
    const auto count = [&](const char* what) {
      const std::int64_t x = cur.integer(what);
      if (x < 0)
        throw parse_failure{h.size_line,
                            std::string(what) + " " + std::to_string(x) + " is negative"};
      return std::uint64_t(x);
    };
    h.rows = count("row count");
    h.cols = count("column count");
    if (h.coordinate) h.entries = count("entry count");
    cur.expect_line_end(h.coordinate ? "the entry count" : "the column count");
    cur.next_line();
    h.body = cur.position();
    break;
  }
  if (h.symmetry == mm_symmetry::skew && h.min_value >= 0)
    throw parse_failure{banner, "a skew-symmetric matrix needs a signed type, not " + h.type_name};
  if (!h.size_line)
    throw parse_failure{cur.position(),
                        "missing size line ('ROWS COLUMNS ENTRIES') after the header"};
  if (h.symmetry != mm_symmetry::general && h.rows != h.cols)
    throw parse_failure{h.size_line, "a symmetric matrix must be square, not " +
                                         std::to_string(h.rows) + " x " + std::to_string(h.cols)};
  if (h.rows > max_vertices || h.cols > max_vertices)
    throw error(error_kind::limit,
                std::to_string(std::max(h.rows, h.cols)) + " rows or columns exceed the " +
                    std::to_string(max_vertices) + " vertex ids of 32 bits",
                file, line_number(text, h.size_line));
  // CSR offsets of A and Aᵀ and degree arrays: about 24 bytes per row
  require_memory(24 * (std::max(h.rows, h.cols) + 1), "a matrix of this size", file);
  return h;
}

struct mm_chunk {
  buffer<vertex_id> row, col;
  buffer<double> real;
  buffer<std::int64_t> integer;
};

// Whether a real value read from the file can be stored in the declared type: within an integer
// type's range (not NaN; below 2^63, which the int64 bound rounds to as a double), or for float
// finite values no larger than float's largest (an infinity or NaN stays what it is). Converting
// any other would be undefined.
bool fits(double v, const mm_header& h) {
  if (std::isfinite(h.max_value))
    return v >= h.min_value && v <= h.max_value && v < 9223372036854775808.0;
  if (h.stored == value_type::float32 && std::isfinite(v))
    return std::fabs(v) <= double(std::numeric_limits<float>::max());
  return true;
}

// Parses one value and checks it against the declared type.
void parse_value(line_cursor& c, const mm_header& h, mm_chunk& out) {
  const char* at = c.position();
  double v;
  std::string text;
  if (h.field == mm_field::integer) {
    const std::int64_t x = c.integer("value");
    out.integer.push_back(x);
    v = double(x);
    if (v < h.min_value || v > h.max_value) text = std::to_string(x);
  } else {
    line_cursor before = c;
    v = c.real("value");
    out.real.push_back(v);
    if (!fits(v, h)) text = before.word();
  }
  if (!text.empty())
    throw parse_failure{at, "value " + text + " is out of the range of " + h.type_name};
}

void parse_coordinate(const char* begin, const char* stop, const mm_header& h, mm_chunk& out) {
  const std::size_t lines = count_lines(begin, stop);
  out.row.reserve(lines);
  out.col.reserve(lines);
  if (h.field == mm_field::integer) out.integer.reserve(lines);
  if (h.field == mm_field::real) out.real.reserve(lines);
  line_cursor c(begin, stop);
  while (!c.at_end()) {
    if (c.at_line_end() || c.peek() == '%') {
      c.next_line();
      continue;
    }
    const char* line = c.position();
    const std::int64_t i = c.integer("row index");
    if (i < 1 || std::uint64_t(i) > h.rows)
      throw parse_failure{
          line, "row index " + std::to_string(i) + " is out of range 1.." + std::to_string(h.rows)};
    const std::int64_t j = c.integer("column index");
    if (j < 1 || std::uint64_t(j) > h.cols)
      throw parse_failure{line, "column index " + std::to_string(j) + " is out of range 1.." +
                                    std::to_string(h.cols)};
    if (h.symmetry == mm_symmetry::skew && i == j)
      throw parse_failure{line, "a skew-symmetric matrix has no diagonal entries"};
    if (h.field != mm_field::pattern) parse_value(c, h, out);
    c.expect_line_end(h.field == mm_field::pattern ? "the column index" : "the value");
    out.row.push_back(vertex_id(i - 1));
    out.col.push_back(vertex_id(j - 1));
    c.next_line();
  }
}

// Dense values in column-major order; symmetric files hold the lower triangle.
mm_chunk parse_array(std::string_view text, const mm_header& h) {
  mm_chunk out;
  line_cursor c(h.body, text.data() + text.size());
  for (std::uint64_t j = 0; j < h.cols; ++j) {
    const std::uint64_t first_row = h.symmetry == mm_symmetry::general     ? 0
                                    : h.symmetry == mm_symmetry::symmetric ? j
                                                                           : j + 1;
    for (std::uint64_t i = first_row; i < h.rows; ++i) {
      while (!c.at_end() && (c.at_line_end() || c.peek() == '%')) c.next_line();
      if (c.at_end())
        throw parse_failure{h.size_line, "the size line declares " + std::to_string(h.rows) +
                                             " x " + std::to_string(h.cols) +
                                             " values but the file ends early"};
      parse_value(c, h, out);
      out.row.push_back(vertex_id(i));
      out.col.push_back(vertex_id(j));
      if (c.at_line_end()) c.next_line();
    }
  }
  while (!c.at_end() && (c.at_line_end() || c.peek() == '%')) c.next_line();
  if (!c.at_end()) throw parse_failure{c.position(), "more values than the size line declares"};
  return out;
}

// An array file's values, after checking that the file could hold them before any allocation.
mm_chunk parse_dense(std::string_view text, const mm_header& h, const std::string& file) {
  // Every value takes at least two bytes of text.
  if (h.rows != 0 && h.cols > 2 * text.size() / h.rows)
    throw parse_failure{h.size_line, "the size line declares " + std::to_string(h.rows) + " x " +
                                         std::to_string(h.cols) +
                                         " values, more than the file could hold"};
  require_memory(h.rows * h.cols * 16, "a dense matrix of this size", file);
  return parse_array(text, h);
}

// -x in T: wraps modulo 2^bits for the smallest integer, like every integer operation here.
template <class T>
T negated(T x) {
  if constexpr (std::is_integral_v<T>) {
    return T(std::make_unsigned_t<T>(0) - std::make_unsigned_t<T>(x));
  } else {
    return T(-x);
  }
}

// Calls f(T{}) with the C++ type that `stored` names (not none).
template <class F>
void with_stored_type(value_type stored, F f) {
  switch (stored) {
    case value_type::none:
      break;
    case value_type::int32:
      f(std::int32_t{});
      break;
    case value_type::int64:
      f(std::int64_t{});
      break;
    case value_type::uint32:
      f(std::uint32_t{});
      break;
    case value_type::uint64:
      f(std::uint64_t{});
      break;
    case value_type::float32:
      f(float{});
      break;
    case value_type::float64:
      f(double{});
      break;
  }
}

template <class T>
buffer<T> convert_values(const std::vector<mm_chunk>& chunks, bool from_integer, bool negate_mirror,
                         const std::vector<std::size_t>& mirrored_from) {
  buffer<T> out;
  for (const mm_chunk& c : chunks) {
    if (from_integer)
      for (std::int64_t x : c.integer) out.push_back(T(x));
    else
      for (double x : c.real) out.push_back(T(x));
  }
  const std::size_t n = out.size();
  out.reserve(n + mirrored_from.size());
  for (std::size_t k : mirrored_from) out.push_back(negate_mirror ? negated(out[k]) : out[k]);
  return out;
}

std::string format_name(const mm_header& h) {
  static const char* field_names[] = {"real", "integer", "pattern"};
  static const char* symmetry_names[] = {"general", "symmetric", "skew-symmetric"};
  return std::string("matrix market ") + (h.coordinate ? "coordinate " : "array ") +
         field_names[int(h.field)] + " " + symmetry_names[int(h.symmetry)];
}

// A piece's entries (and their mirrors) with their values as the declared type stores them.
edges_piece piece_of(const mm_header& h, mm_chunk& chunk, std::string_view text) {
  edges_piece out;
  out.vertices = h.rows;
  out.format = format_name(h);
  out.mirrored = h.symmetry != mm_symmetry::general;
  if (h.coordinate) out.declared = h.entries;
  out.declared_line = line_number(text, h.size_line);
  out.weighted = h.stored != value_type::none;
  const std::size_t n = chunk.row.size();
  out.src.assign(chunk.row.begin(), chunk.row.end());
  out.dst.assign(chunk.col.begin(), chunk.col.end());
  const auto mirrors = [&](std::size_t k) { return out.mirrored && out.src[k] != out.dst[k]; };
  for (std::size_t k = 0; k < n; ++k)
    if (mirrors(k)) {
      out.mirror_src.push_back(out.dst[k]);
      out.mirror_dst.push_back(out.src[k]);
    }
  const bool skew = h.symmetry == mm_symmetry::skew;
  with_stored_type(h.stored, [&](auto tag) {
    using T = decltype(tag);
    out.weights.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
      const T w = h.field == mm_field::integer ? T(chunk.integer[k]) : T(chunk.real[k]);
      out.weights.push_back(double(w));
      if (mirrors(k)) out.mirror_weights.push_back(double(skew ? negated(w) : w));
    }
  });
  chunk = {};
  return out;
}

}  // namespace

parsed_edges parse_matrix_market(const input_bytes& in, const std::string& file,
                                 const progress_fn& progress) {
  const std::string_view text = in.view();
  mm_header h;
  std::vector<mm_chunk> chunks;
  try {
    h = parse_header(text, file);
    if (h.coordinate) {
      chunks = parse_in_parallel<mm_chunk>(
          text, h.body, file,
          [&](const char* b, const char* e, mm_chunk& out) { parse_coordinate(b, e, h, out); },
          progress);
    } else {
      chunks.push_back(parse_dense(text, h, file));
    }
  } catch (const parse_failure& f) {
    throw error(error_kind::bad_input, f.message, file, line_number(text, f.where));
  }

  std::uint64_t held = 0;
  for (const mm_chunk& c : chunks) held += c.row.size();
  if (h.coordinate && held != h.entries) {
    edges_piece declared;
    declared.format = "matrix market";
    declared.declared = h.entries;
    declared.declared_line = line_number(text, h.size_line);
    check_declared_count(declared, held, file);
  }

  parsed_edges result;
  edge_list& e = result.edges;
  e.nrows = h.rows;
  e.ncols = h.cols;
  e.labels = vertex_labels::with_offset(h.rows, 1);
  for (const mm_chunk& c : chunks) {
    e.src.insert(e.src.end(), c.row.begin(), c.row.end());
    e.dst.insert(e.dst.end(), c.col.begin(), c.col.end());
  }
  chunks.shrink_to_fit();
  // Symmetric storage holds one triangle: add the mirror of every off-diagonal entry.
  std::vector<std::size_t> mirrored_from;
  result.mirrored = h.symmetry != mm_symmetry::general;
  if (result.mirrored) {
    const std::size_t stored = e.src.size();
    for (std::size_t k = 0; k < stored; ++k)
      if (e.src[k] != e.dst[k]) {
        mirrored_from.push_back(k);
        e.src.push_back(e.dst[k]);
        e.dst.push_back(e.src[k]);
      }
  }
  const bool from_integer = h.field == mm_field::integer;
  const bool skew = h.symmetry == mm_symmetry::skew;
  with_stored_type(h.stored, [&](auto tag) {
    e.weights = convert_values<decltype(tag)>(chunks, from_integer, skew, mirrored_from);
  });
  result.format = format_name(h);
  return result;
}

edges_piece parse_matrix_market_piece(const input_bytes& in, const std::string& file,
                                      std::uint64_t index, std::uint64_t parts) {
  const std::string_view text = in.view();
  mm_header h;
  mm_chunk chunk;
  try {
    h = parse_header(text, file);
    if (h.coordinate) {
      std::vector<mm_chunk> chunks = parse_in_parallel<mm_chunk>(
          text, piece_begin(text, h.body, index, parts),
          piece_begin(text, h.body, index + 1, parts), file,
          [&](const char* b, const char* e, mm_chunk& out) { parse_coordinate(b, e, h, out); });
      for (mm_chunk& c : chunks) {
        chunk.row.insert(chunk.row.end(), c.row.begin(), c.row.end());
        chunk.col.insert(chunk.col.end(), c.col.begin(), c.col.end());
        chunk.real.insert(chunk.real.end(), c.real.begin(), c.real.end());
        chunk.integer.insert(chunk.integer.end(), c.integer.begin(), c.integer.end());
        c = {};
      }
    } else if (index == 0) {
      chunk = parse_dense(text, h, file);
    }
  } catch (const parse_failure& f) {
    throw error(error_kind::bad_input, f.message, file, line_number(text, f.where));
  }
  require_square(h.rows, h.cols, file);
  return piece_of(h, chunk, text);
}

void require_square(std::uint64_t rows, std::uint64_t columns, const std::string& file) {
  if (rows != columns)
    throw error(error_kind::bad_input,
                "the matrix is " + std::to_string(rows) + " x " + std::to_string(columns) +
                    "; a graph's adjacency matrix must be square",
                file);
}

void check_declared_count(const edges_piece& piece, std::uint64_t held, const std::string& file) {
  if (!piece.declared || *piece.declared == held) return;
  const bool entries = piece.format.starts_with("matrix market");
  throw error(error_kind::bad_input,
              (entries ? "the size line declares " : "the count line says ") +
                  std::to_string(*piece.declared) + (entries ? " entries" : " edges") +
                  " but the file holds " + std::to_string(held),
              file, piece.declared_line);
}

std::uint64_t matrix_market_entry_line(const input_bytes& in, std::uint64_t row, std::uint64_t col,
                                       bool mirrored, int occurrence) {
  const std::string_view text = in.view();
  line_cursor c(text.data(), text.data() + text.size());
  bool size_seen = false;
  while (!c.at_end()) {
    if (c.at_line_end() || c.peek() == '%') {
      c.next_line();
      continue;
    }
    const char* line = c.position();
    try {
      const std::int64_t i = c.integer("row"), j = c.integer("column");
      const bool match = (std::uint64_t(i) == row + 1 && std::uint64_t(j) == col + 1) ||
                         (mirrored && std::uint64_t(i) == col + 1 && std::uint64_t(j) == row + 1);
      if (size_seen && match && --occurrence == 0) return line_number(text, line);
    } catch (const parse_failure&) {
    }
    size_seen = true;
    c.next_line();
  }
  return 0;
}

}  // namespace graphring::io
