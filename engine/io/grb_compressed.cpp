// The compressed .grb (version 2; layout in grb_format.hpp): A, and Aᵀ for a graph that is not
// symmetric, in CCI, CSR-dtANS or Stream VByte, written part by part and read back by mapping, so
// that a run holds the compressed arrays only (the pages of the file) and never a CSR. Every part
// is checked to lie inside the file, the payload against its checksum, and the format's arrays by
// its validate(), which a decoder then relies on: a damaged or crafted file is refused with one
// error, never read out of bounds.
#include <cstring>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_parts.hpp"
#include "engine/io/writers.hpp"

namespace graphring::io {
namespace {

constexpr std::uint64_t scalar_count = 8;  // u64 scalars of each matrix
constexpr std::uint64_t cci_arrays = 7, dtans_arrays = 9, svb_arrays = 4;

std::uint64_t arrays_of(format_kind kind) {
  return kind == format_kind::cci   ? cci_arrays
         : kind == format_kind::svb ? svb_arrays
                                    : dtans_arrays;
}

bool is_stored_format(std::uint64_t kind) {
  for (format_kind k : stored_format_kinds)
    if (kind == std::uint64_t(k)) return true;
  return false;
}

// The value table as the file holds it: the in-memory record with its padding zeroed.
static_assert(sizeof(dtans_value_entry) == 16 && offsetof(dtans_value_entry, raw_bits) == 8 &&
              offsetof(dtans_value_entry, digit) == 9 &&
              offsetof(dtans_value_entry, base_minus_1) == 10);
static_assert(sizeof(dtans_index_entry) == 8);

// The parts of a file being written, in order; copies made for the file are kept here.
class part_list {
 public:
  template <class T>
  void add(const shared_array<T>& a) {
    add(a.data(), a.size() * sizeof(T));
  }
  void add(const void* data, std::uint64_t bytes) { parts_.push_back({data, bytes}); }
  void add_values(const value_array& values) {
    std::visit(
        [&](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>) {
            add(nullptr, 0);
          } else {
            add(v);
          }
        },
        values);
  }
  void add_scalars(std::initializer_list<std::uint64_t> values) {
    auto& s = keep(scalar_count * 8);
    std::uint64_t i = 0;
    for (std::uint64_t v : values) std::memcpy(s.data() + 8 * i++, &v, 8);
    add(s.data(), s.size());
  }
  buffer<char>& keep(std::uint64_t bytes) {
    owned_.push_back(std::make_unique<buffer<char>>(bytes, 0));
    return *owned_.back();
  }
  struct part {
    const void* data;
    std::uint64_t bytes;
  };
  const std::vector<part>& parts() const noexcept { return parts_; }

 private:
  std::vector<part> parts_;
  std::vector<std::unique_ptr<buffer<char>>> owned_;
};

std::uint64_t bits_of(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, 8);
  return b;
}

double double_of(std::uint64_t b) {
  double x;
  std::memcpy(&x, &b, 8);
  return x;
}

void add_matrix(part_list& out, const any_format& f) {
  if (const auto* c = std::get_if<cci_matrix>(&f.matrix())) {
    const cci_parts p = c->parts();
    out.add_scalars({p.nrows, p.ncols, p.slices, p.code_bits, p.length_bits, p.nnz,
                     std::uint64_t(p.wide_jumps), std::uint64_t(type_of(p.values))});
    out.add(p.offsets);
    out.add(p.code_start);
    out.add(p.group_entry);
    out.add(p.group_row);
    out.add(p.group_bit);
    out.add(p.words);
    out.add_values(p.values);
    return;
  }
  if (const auto* s = std::get_if<svb_matrix>(&f.matrix())) {
    const svb_parts p = s->parts();
    out.add_scalars(
        {p.nrows, p.ncols, p.length_bytes, p.nnz, std::uint64_t(type_of(p.values)), 0, 0, 0});
    out.add(p.group_byte);
    out.add(p.group_entry);
    out.add(p.bytes);
    out.add_values(p.values);
    return;
  }
  const dtans_parts p = std::get<dtans_matrix>(f.matrix()).parts();
  out.add_scalars({p.nrows, p.ncols, p.nnz, std::uint64_t(p.values_type), bits_of(p.index_share),
                   bits_of(p.value_share), 0, 0});
  out.add(p.slice_row);
  out.add(p.word_start);
  out.add(p.escape_start);
  out.add(p.lane_rows);
  out.add(p.lane_symbols);
  out.add(p.words);
  out.add(p.escapes);
  out.add(p.index_table);
  auto& table = out.keep(p.value_table.size() * sizeof(dtans_value_entry));
  for (std::uint64_t i = 0; i < p.value_table.size(); ++i) {
    const dtans_value_entry& e = p.value_table[i];
    char* at = table.data() + i * sizeof(dtans_value_entry);
    std::memcpy(at, &e.symbol, 8);
    at[8] = char(e.raw_bits);
    at[9] = char(e.digit);
    at[10] = char(e.base_minus_1);
  }
  out.add(table.data(), table.size());
}

// Reads the parts of one matrix, starting at directory entry `first`.
class matrix_reader {
 public:
  matrix_reader(const input_bytes& in, const std::string& file, const std::uint64_t* directory,
                std::uint64_t first)
      : in_(in), file_(file), directory_(directory), next_(first) {}

  std::uint64_t scalar(std::uint64_t i) const {
    std::uint64_t v;
    std::memcpy(&v, in_.data + scalars_at_ + 8 * i, 8);
    return v;
  }
  void read_scalars() {
    const auto [at, bytes] = entry();
    if (bytes != scalar_count * 8) corrupt_grb(file_, "a matrix's scalars have the wrong size");
    scalars_at_ = at;
  }
  template <class T>
  shared_array<T> array() {
    const auto [at, bytes] = entry();
    if (bytes % sizeof(T) != 0) corrupt_grb(file_, "an array's size is not whole items");
    return grb_section<T>(in_, at, bytes / sizeof(T));
  }
  value_array values(value_type type, std::uint64_t nnz) {
    const auto [at, bytes] = entry();
    if (type == value_type::none) {
      if (bytes != 0) corrupt_grb(file_, "a pattern matrix has values");
      return std::monostate{};
    }
    if (bytes != nnz * type_size(type)) corrupt_grb(file_, "the values do not match the entries");
    return grb_values(in_, type, at, nnz);
  }

 private:
  std::pair<std::uint64_t, std::uint64_t> entry() {
    const std::uint64_t at = directory_[2 * next_], bytes = directory_[2 * next_ + 1];
    ++next_;
    return {at, bytes};
  }

  const input_bytes& in_;
  const std::string& file_;
  const std::uint64_t* directory_;
  std::uint64_t next_, scalars_at_ = 0;
};

value_type checked_type(std::uint64_t t, const std::string& file) {
  if (t > std::uint64_t(value_type::float64)) corrupt_grb(file, "unknown value type");
  return value_type(t);
}

std::shared_ptr<const any_format> read_matrix(matrix_reader& r, format_kind kind,
                                              const std::string& file) {
  r.read_scalars();
  if (kind == format_kind::cci) {
    cci_parts p;
    p.nrows = r.scalar(0);
    p.ncols = r.scalar(1);
    p.slices = r.scalar(2);
    p.code_bits = r.scalar(3);
    p.length_bits = r.scalar(4);
    p.nnz = r.scalar(5);
    p.wide_jumps = r.scalar(6) != 0;
    const value_type type = checked_type(r.scalar(7), file);
    p.offsets = r.array<edge_offset>();
    p.code_start = r.array<std::uint64_t>();
    p.group_entry = r.array<edge_offset>();
    p.group_row = r.array<std::uint32_t>();
    p.group_bit = r.array<std::uint32_t>();
    p.words = r.array<std::uint64_t>();
    p.values = r.values(type, p.nnz);
    if (p.slices < 1 || p.slices > cci_max_slices) corrupt_grb(file, "bad CCI slice count");
    cci_matrix m = cci_matrix::from_parts(std::move(p));
    if (!m.validate()) corrupt_grb(file, "the CCI code does not decode to the matrix it claims");
    return std::make_shared<const any_format>(any_format::stored(std::move(m)));
  }
  if (kind == format_kind::svb) {
    svb_parts p;
    p.nrows = r.scalar(0);
    p.ncols = r.scalar(1);
    p.length_bytes = r.scalar(2);
    p.nnz = r.scalar(3);
    const value_type type = checked_type(r.scalar(4), file);
    p.group_byte = r.array<std::uint64_t>();
    p.group_entry = r.array<edge_offset>();
    p.bytes = r.array<std::uint8_t>();
    p.values = r.values(type, p.nnz);
    svb_matrix m = svb_matrix::from_parts(std::move(p));
    if (!m.validate())
      corrupt_grb(file, "the Stream VByte code does not decode to the matrix it claims");
    return std::make_shared<const any_format>(any_format::stored(std::move(m)));
  }
  dtans_parts p;
  p.nrows = r.scalar(0);
  p.ncols = r.scalar(1);
  p.nnz = r.scalar(2);
  p.values_type = checked_type(r.scalar(3), file);
  p.index_share = double_of(r.scalar(4));
  p.value_share = double_of(r.scalar(5));
  if (!(p.index_share >= 0 && p.index_share <= 1 && p.value_share >= 0 && p.value_share <= 1))
    corrupt_grb(file, "bad CSR-dtANS stream shares");
  p.slice_row = r.array<std::uint64_t>();
  p.word_start = r.array<std::uint64_t>();
  p.escape_start = r.array<std::uint64_t>();
  p.lane_rows = r.array<std::uint16_t>();
  p.lane_symbols = r.array<std::uint32_t>();
  p.words = r.array<std::uint32_t>();
  p.escapes = r.array<std::uint32_t>();
  p.index_table = r.array<dtans_index_entry>();
  p.value_table = r.array<dtans_value_entry>();
  dtans_matrix m = dtans_matrix::from_parts(std::move(p));
  if (!m.validate())
    corrupt_grb(file, "the CSR-dtANS streams do not decode to the matrix they claim");
  return std::make_shared<const any_format>(any_format::stored(std::move(m)));
}

}  // namespace

void write_compressed_grb(graph& g, const std::string& path, format_kind kind) {
  if (!is_stored_format(std::uint64_t(kind)))
    throw error(error_kind::usage,
                "a compressed .grb holds cci, dtans or svb (a CSR .grb: leave --format out), not " +
                    std::string(format_name(kind)),
                path);
  // A graph already stored in this format is written as it is, without a CSR.
  auto encode = [&](const std::shared_ptr<const any_format>& stored, auto csr) {
    if (stored && stored->kind() == kind) return stored;
    return std::make_shared<const any_format>(any_format::build(csr(), kind));
  };
  const std::shared_ptr<const any_format> a =
      encode(g.stored_adjacency(), [&]() -> const csr_matrix& { return g.adjacency(); });
  const bool symmetric = g.symmetric();
  const std::shared_ptr<const any_format> at =
      symmetric
          ? a
          : encode(g.stored_transpose(), [&]() -> const csr_matrix& { return g.transpose(); });
  part_list parts;
  const std::uint64_t matrices = symmetric ? 1 : 2;
  parts.add_scalars({std::uint64_t(kind), matrices, 1 + arrays_of(kind), 0});
  add_matrix(parts, *a);
  if (!symmetric) add_matrix(parts, *at);

  const vertex_labels& labels = g.labels();
  grb_header h = grb_header_for(g, grb_compressed_version, a->values_type());
  const std::uint64_t count = parts.parts().size();
  h.reserved[0] = grb_aligned(sizeof h);
  h.reserved[1] = count;
  buffer<std::uint64_t> directory(2 * count);
  std::uint64_t end = h.reserved[0] + 16 * count;
  for (std::uint64_t i = 0; i < count; ++i) {
    directory[2 * i] = grb_aligned(end);
    directory[2 * i + 1] = parts.parts()[i].bytes;
    end = directory[2 * i] + directory[2 * i + 1];
  }
  if (h.explicit_labels) {
    h.labels_at = grb_aligned(end);
    end = h.labels_at + 8 * g.vertices();
  }
  h.file_bytes = end;

  std::vector<payload_piece> pieces;
  auto place = [&](std::uint64_t at, const void* data, std::size_t bytes) {
    if (bytes) pieces.push_back({at, data, bytes});
  };
  place(h.reserved[0], directory.data(), 16 * count);
  for (std::uint64_t i = 0; i < count; ++i)
    place(directory[2 * i], parts.parts()[i].data, parts.parts()[i].bytes);
  if (h.explicit_labels) place(h.labels_at, labels.explicit_array().data(), 8 * g.vertices());
  write_grb_file(h, pieces, end - sizeof h, path);
}

graph parse_compressed_grb(const input_bytes& in, const grb_header& h, const std::string& file) {
  const std::uint64_t count = h.reserved[1];
  check_grb_section(file, "directory", h.reserved[0], count, 16, in.size);
  if (h.offsets_at || h.cols_at || h.values_at)
    corrupt_grb(file, "a compressed .grb names CSR sections");
  if (h.explicit_labels) check_grb_section(file, "labels", h.labels_at, h.nrows, 8, in.size);
  const std::uint64_t* directory = reinterpret_cast<const std::uint64_t*>(in.data + h.reserved[0]);
  for (std::uint64_t i = 0; i < count; ++i)
    check_grb_section(file, "part " + std::to_string(i), directory[2 * i], directory[2 * i + 1], 1,
                      in.size);
  if (h.payload_checksum != checksum(in.data + sizeof h, in.size - sizeof h))
    corrupt_grb(file, "payload checksum mismatch");

  if (count < 1 || directory[1] != scalar_count * 8) corrupt_grb(file, "no graph description");
  std::uint64_t description[scalar_count];
  std::memcpy(description, in.data + directory[0], sizeof description);
  const std::uint64_t kind_number = description[0], matrices = description[1];
  if (!is_stored_format(kind_number))
    corrupt_grb(file, "unknown compressed format " + std::to_string(kind_number));
  const format_kind kind = format_kind(kind_number);
  if ((matrices != 1 && matrices != 2) || description[2] != 1 + arrays_of(kind) ||
      count != 1 + matrices * description[2])
    corrupt_grb(file, "the parts do not match the format");

  matrix_reader reader(in, file, directory, 1);
  const std::shared_ptr<const any_format> a = read_matrix(reader, kind, file);
  const std::shared_ptr<const any_format> at = matrices == 2 ? read_matrix(reader, kind, file) : a;
  for (const any_format* m : {a.get(), at.get()})
    if (m->nrows() != h.nrows || m->ncols() != h.ncols || m->nvals() != h.nnz ||
        m->values_type() != value_type(h.value_type))
      corrupt_grb(file, "a matrix disagrees with the header");
  return graph(a, at, grb_labels(in, h, file));
}

}  // namespace graphring::io
