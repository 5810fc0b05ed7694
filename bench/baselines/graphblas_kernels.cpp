// One GraphBLAS call per function: build the inputs, call, read the output back.
#include "bench/baselines/graphblas_kernels.hpp"

#include <algorithm>
#include <memory>
#include <numeric>

#include "bench/baselines/graphblas_types.hpp"
#include "core/error.hpp"

namespace graphring::baselines {

template <class T>
GrB_Semiring grb_semiring(semiring_kind s) {
  static constexpr const char* names[][2] = {
      {"plus", "times"}, {"min", "plus"},    {"max", "plus"},  {"max", "times"}, {"min", "times"},
      {"max", "min"},    {"min", "max"},     {"plus", "min"},  {"lor", "land"},  {"land", "lor"},
      {"lxor", "land"},  {"any", "pair"},    {"plus", "pair"}, {"min", "first"}, {"min", "second"},
      {"plus", "first"}, {"plus", "second"}, {"any", "first"}, {"any", "second"}};
  GrB_Semiring r = nullptr;
  if (s == semiring_kind::any_secondi || s == semiring_kind::min_secondi) {
    if constexpr (std::is_same_v<T, std::int64_t>)
      r = s == semiring_kind::any_secondi ? GxB_ANY_SECONDI_INT64 : GxB_MIN_SECONDI_INT64;
  } else {
    const auto& n = names[int(s)];
    r = grb_ops<T>::semiring(n[0], n[1]);
  }
  if (!r) throw error(error_kind::usage, "GraphBLAS has no such predefined semiring for this type");
  return r;
}

template <class T>
GrB_BinaryOp grb_binary_op(binary_kind op) {
  using o = grb_ops<T>;
  switch (op) {
    case binary_kind::none:
      return nullptr;
    case binary_kind::plus:
      return o::plus();
    case binary_kind::times:
      return o::times();
    case binary_kind::min:
      return o::min();
    case binary_kind::max:
      return o::max();
    case binary_kind::first:
      return o::first();
    case binary_kind::second:
      return o::second();
    case binary_kind::minus:
      return o::minus();
    case binary_kind::div:
      return o::div();
    case binary_kind::pair:
      return o::pair();
    case binary_kind::eq:
      return o::eq();
    case binary_kind::ne:
      return o::ne();
    case binary_kind::lt:
      return o::lt();
    case binary_kind::gt:
      return o::gt();
  }
  return nullptr;
}

template <class T>
GrB_Monoid grb_monoid(monoid_kind m) {
  using o = grb_ops<T>;
  switch (m) {
    case monoid_kind::plus:
      return o::plus_monoid();
    case monoid_kind::times:
      return o::times_monoid();
    case monoid_kind::min:
      return o::min_monoid();
    case monoid_kind::max:
      return o::max_monoid();
    case monoid_kind::any:
      return o::any_monoid();
  }
  return nullptr;
}

template <class T>
grb_vector to_grb_vector(const sparse_vector<T>& v) {
  const std::size_t n = v.indices.size();
  std::unique_ptr<T[]> x(new T[n == 0 ? 1 : n]);  // a plain array, also for bool
  std::copy(v.values.begin(), v.values.end(), x.get());
  grb_vector w;
  GRAPHRING_GRB(GrB_Vector_new(w.out(), grb_type_of<T>(), v.size));
  // GrB_Vector_build refuses the null pointer an empty std::vector hands out: nothing to build.
  if (n > 0) GRAPHRING_GRB(grb_ops<T>::vector_build(w.get(), v.indices.data(), x.get(), n));
  return w;
}

template <class T>
sparse_vector<T> from_grb_vector(GrB_Vector v) {
  GrB_Index n = grb_nvals(v);
  sparse_vector<T> r;
  r.size = grb_size(v);
  r.indices.resize(n);
  std::unique_ptr<T[]> x(new T[n == 0 ? 1 : n]);
  GRAPHRING_GRB(grb_ops<T>::vector_tuples(r.indices.data(), x.get(), &n, v));
  if (!std::is_sorted(r.indices.begin(), r.indices.end())) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return r.indices[a] < r.indices[b]; });
    std::vector<std::uint64_t> sorted(n);
    std::unique_ptr<T[]> xs(new T[n == 0 ? 1 : n]);
    for (std::size_t k = 0; k < n; ++k) {
      sorted[k] = r.indices[order[k]];
      xs[k] = x[order[k]];
    }
    r.indices = std::move(sorted);
    x = std::move(xs);
  }
  r.values.assign(x.get(), x.get() + n);
  return r;
}

template <class T>
sparse_matrix<T> from_grb_matrix(GrB_Matrix a) {
  GrB_Index n = grb_nvals(a);
  std::vector<GrB_Index> rows(n), cols(n);
  std::unique_ptr<T[]> x(new T[n == 0 ? 1 : n]);
  GRAPHRING_GRB(grb_ops<T>::matrix_tuples(rows.data(), cols.data(), x.get(), &n, a));
  sparse_matrix<T> r;
  r.nrows = grb_nrows(a);
  r.ncols = grb_ncols(a);
  // count → prefix sum → scatter, then sort each row by column
  r.offsets.assign(r.nrows + 1, 0);
  for (GrB_Index k = 0; k < n; ++k) ++r.offsets[rows[k] + 1];
  std::partial_sum(r.offsets.begin(), r.offsets.end(), r.offsets.begin());
  std::vector<std::uint64_t> next(r.offsets.begin(), r.offsets.end() - 1);
  std::vector<std::pair<std::uint64_t, T>> entries(n);
  for (GrB_Index k = 0; k < n; ++k) entries[next[rows[k]]++] = {cols[k], x[k]};
  for (std::uint64_t i = 0; i < r.nrows; ++i)
    std::sort(entries.begin() + std::ptrdiff_t(r.offsets[i]),
              entries.begin() + std::ptrdiff_t(r.offsets[i + 1]),
              [](const auto& p, const auto& q) { return p.first < q.first; });
  r.cols.resize(n);
  r.values.resize(n);
  for (GrB_Index k = 0; k < n; ++k) {
    r.cols[k] = entries[k].first;
    r.values[k] = entries[k].second;
  }
  return r;
}

template <class T>
sparse_matrix<T> to_sparse_matrix(const csr_matrix& a) {
  grb_matrix m = to_grb_matrix(a, grb_type_of<T>());
  return from_grb_matrix<T>(m.get());
}

namespace {

grb_descriptor make_descriptor(const descriptor& d) {
  grb_descriptor desc;
  GRAPHRING_GRB(GrB_Descriptor_new(desc.out()));
  if (d.complement) GRAPHRING_GRB(GrB_Descriptor_set(desc.get(), GrB_MASK, GrB_COMP));
  if (d.structural) GRAPHRING_GRB(GrB_Descriptor_set(desc.get(), GrB_MASK, GrB_STRUCTURE));
  if (d.replace) GRAPHRING_GRB(GrB_Descriptor_set(desc.get(), GrB_OUTP, GrB_REPLACE));
  if (d.transpose_first) GRAPHRING_GRB(GrB_Descriptor_set(desc.get(), GrB_INP0, GrB_TRAN));
  if (d.transpose_second) GRAPHRING_GRB(GrB_Descriptor_set(desc.get(), GrB_INP1, GrB_TRAN));
  return desc;
}

// The output vector of size n (the given initial w, which must have that size) and the mask.
template <class T>
struct vector_output {
  grb_vector w, mask;
  grb_descriptor desc;
  GrB_BinaryOp accum;

  vector_output(std::uint64_t n, const vector_options<T>& o)
      : desc(make_descriptor(o.desc)), accum(grb_binary_op<T>(o.accum)) {
    if (o.w) {
      if (o.w->size != n) throw error(error_kind::usage, "w has the wrong size");
      w = to_grb_vector(*o.w);
    } else {
      GRAPHRING_GRB(GrB_Vector_new(w.out(), grb_type_of<T>(), n));
    }
    if (o.mask) {
      if (o.mask->size != n) throw error(error_kind::usage, "the mask has the wrong size");
      mask = to_grb_vector(*o.mask);
    }
  }
  sparse_vector<T> result() const { return from_grb_vector<T>(w.get()); }
};

template <class T>
struct matrix_output {
  grb_matrix c, mask;
  grb_descriptor desc;
  GrB_BinaryOp accum;

  matrix_output(std::uint64_t nrows, std::uint64_t ncols, const matrix_options<T>& o)
      : desc(make_descriptor(o.desc)), accum(grb_binary_op<T>(o.accum)) {
    if (o.c) {
      if (o.c->nrows != nrows || o.c->ncols != ncols)
        throw error(error_kind::usage, "C has the wrong dimensions");
      c = to_grb_matrix(*o.c, grb_type_of<T>());
    } else {
      GRAPHRING_GRB(GrB_Matrix_new(c.out(), grb_type_of<T>(), nrows, ncols));
    }
    if (o.mask) {
      if (o.mask->nrows != nrows || o.mask->ncols != ncols)
        throw error(error_kind::usage, "the mask has the wrong dimensions");
      mask = to_grb_matrix(*o.mask, GrB_BOOL);
    }
  }
  sparse_matrix<T> result() const { return from_grb_matrix<T>(c.get()); }
};

std::uint64_t rows_of(const csr_matrix& a, bool transposed) {
  return transposed ? a.ncols : a.nrows;
}
std::uint64_t cols_of(const csr_matrix& a, bool transposed) {
  return transposed ? a.nrows : a.ncols;
}

template <class T>
grb_matrix typed(const csr_matrix& a) {
  return to_grb_matrix(a, grb_type_of<T>());
}

const GrB_Index* index_list(const std::vector<std::uint64_t>& indices) {
  return indices.empty() ? GrB_ALL : indices.data();
}

}  // namespace

template <class T>
sparse_vector<T> grb_mxv(semiring_kind s, const csr_matrix& a, const sparse_vector<T>& u,
                         const vector_options<T>& o) {
  vector_output<T> out(rows_of(a, o.desc.transpose_first), o);
  grb_matrix ga = typed<T>(a);
  grb_vector gu = to_grb_vector(u);
  GRAPHRING_GRB(GrB_mxv(out.w.get(), out.mask.get(), out.accum, grb_semiring<T>(s), ga.get(),
                        gu.get(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_vector<T> grb_vxm(semiring_kind s, const sparse_vector<T>& u, const csr_matrix& a,
                         const vector_options<T>& o) {
  vector_output<T> out(cols_of(a, o.desc.transpose_second), o);
  grb_matrix ga = typed<T>(a);
  grb_vector gu = to_grb_vector(u);
  GRAPHRING_GRB(GrB_vxm(out.w.get(), out.mask.get(), out.accum, grb_semiring<T>(s), gu.get(),
                        ga.get(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_matrix<T> grb_mxm(semiring_kind s, const csr_matrix& a, const csr_matrix& b,
                         const matrix_options<T>& o) {
  matrix_output<T> out(rows_of(a, o.desc.transpose_first), cols_of(b, o.desc.transpose_second), o);
  grb_matrix ga = typed<T>(a), gb = typed<T>(b);
  GRAPHRING_GRB(GrB_mxm(out.c.get(), out.mask.get(), out.accum, grb_semiring<T>(s), ga.get(),
                        gb.get(), out.desc.get()));
  return out.result();
}

namespace {

// eWiseAdd and eWiseMult share one signature; `call` is either of them.
using vector_ewise_call = GrB_Info (*)(GrB_Vector, GrB_Vector, GrB_BinaryOp, GrB_BinaryOp,
                                       GrB_Vector, GrB_Vector, GrB_Descriptor);
using matrix_ewise_call = GrB_Info (*)(GrB_Matrix, GrB_Matrix, GrB_BinaryOp, GrB_BinaryOp,
                                       GrB_Matrix, GrB_Matrix, GrB_Descriptor);

template <class T>
sparse_vector<T> ewise(vector_ewise_call call, binary_kind op, const sparse_vector<T>& u,
                       const sparse_vector<T>& v, const vector_options<T>& o) {
  vector_output<T> out(u.size, o);
  grb_vector gu = to_grb_vector(u), gv = to_grb_vector(v);
  GRAPHRING_GRB(call(out.w.get(), out.mask.get(), out.accum, grb_binary_op<T>(op), gu.get(),
                     gv.get(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_matrix<T> ewise(matrix_ewise_call call, binary_kind op, const csr_matrix& a,
                       const csr_matrix& b, const matrix_options<T>& o) {
  matrix_output<T> out(rows_of(a, o.desc.transpose_first), cols_of(a, o.desc.transpose_first), o);
  grb_matrix ga = typed<T>(a), gb = typed<T>(b);
  GRAPHRING_GRB(call(out.c.get(), out.mask.get(), out.accum, grb_binary_op<T>(op), ga.get(),
                     gb.get(), out.desc.get()));
  return out.result();
}

}  // namespace

template <class T>
sparse_vector<T> grb_ewise_add(binary_kind op, const sparse_vector<T>& u, const sparse_vector<T>& v,
                               const vector_options<T>& o) {
  return ewise(GrB_Vector_eWiseAdd_BinaryOp, op, u, v, o);
}

template <class T>
sparse_vector<T> grb_ewise_mult(binary_kind op, const sparse_vector<T>& u,
                                const sparse_vector<T>& v, const vector_options<T>& o) {
  return ewise(GrB_Vector_eWiseMult_BinaryOp, op, u, v, o);
}

template <class T>
sparse_matrix<T> grb_ewise_add(binary_kind op, const csr_matrix& a, const csr_matrix& b,
                               const matrix_options<T>& o) {
  return ewise(GrB_Matrix_eWiseAdd_BinaryOp, op, a, b, o);
}

template <class T>
sparse_matrix<T> grb_ewise_mult(binary_kind op, const csr_matrix& a, const csr_matrix& b,
                                const matrix_options<T>& o) {
  return ewise(GrB_Matrix_eWiseMult_BinaryOp, op, a, b, o);
}

template <class T>
sparse_vector<T> grb_apply(unary_kind f, const sparse_vector<T>& u, const vector_options<T>& o) {
  vector_output<T> out(u.size, o);
  grb_vector gu = to_grb_vector(u);
  GrB_UnaryOp op = f == unary_kind::identity ? grb_ops<T>::identity()
                   : f == unary_kind::ainv   ? grb_ops<T>::ainv()
                                             : grb_ops<T>::abs();
  GRAPHRING_GRB(
      GrB_Vector_apply(out.w.get(), out.mask.get(), out.accum, op, gu.get(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_vector<T> grb_apply(binary_kind op, const sparse_vector<T>& u, T y,
                           const vector_options<T>& o) {
  vector_output<T> out(u.size, o);
  grb_vector gu = to_grb_vector(u);
  grb_scalar gy;
  GRAPHRING_GRB(GrB_Scalar_new(gy.out(), grb_type_of<T>()));
  GRAPHRING_GRB(grb_ops<T>::scalar_set(gy.get(), y));
  GRAPHRING_GRB(GrB_Vector_apply_BinaryOp2nd_Scalar(out.w.get(), out.mask.get(), out.accum,
                                                    grb_binary_op<T>(op), gu.get(), gy.get(),
                                                    out.desc.get()));
  return out.result();
}

namespace {

template <class T>
GrB_IndexUnaryOp select_op(select_kind op) {
  using o = grb_ops<T>;
  switch (op) {
    case select_kind::tril:
      return GrB_TRIL;
    case select_kind::triu:
      return GrB_TRIU;
    case select_kind::diag:
      return GrB_DIAG;
    case select_kind::offdiag:
      return GrB_OFFDIAG;
    case select_kind::value_ne:
      return o::value_ne();
    case select_kind::value_lt:
      return o::value_lt();
    case select_kind::value_le:
      return o::value_le();
    case select_kind::value_gt:
      return o::value_gt();
    case select_kind::value_ge:
      return o::value_ge();
  }
  return nullptr;
}

bool positional(select_kind op) {
  return op == select_kind::tril || op == select_kind::triu || op == select_kind::diag ||
         op == select_kind::offdiag;
}

// The thunk as a GrB_Scalar: int64 for the positional operators, T for the value ones.
template <class T>
grb_scalar select_thunk(select_kind op, double thunk) {
  grb_scalar s;
  if (positional(op)) {
    GRAPHRING_GRB(GrB_Scalar_new(s.out(), GrB_INT64));
    GRAPHRING_GRB(GrB_Scalar_setElement_INT64(s.get(), std::int64_t(thunk)));
  } else {
    GRAPHRING_GRB(GrB_Scalar_new(s.out(), grb_type_of<T>()));
    GRAPHRING_GRB(grb_ops<T>::scalar_set(s.get(), T(thunk)));
  }
  return s;
}

}  // namespace

template <class T>
sparse_vector<T> grb_select(select_kind op, const sparse_vector<T>& u, T thunk,
                            const vector_options<T>& o) {
  vector_output<T> out(u.size, o);
  grb_vector gu = to_grb_vector(u);
  grb_scalar s = select_thunk<T>(op, double(thunk));
  GRAPHRING_GRB(GrB_Vector_select_Scalar(out.w.get(), out.mask.get(), out.accum, select_op<T>(op),
                                         gu.get(), s.get(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_matrix<T> grb_select(select_kind op, const csr_matrix& a, double thunk,
                            const matrix_options<T>& o) {
  matrix_output<T> out(rows_of(a, o.desc.transpose_first), cols_of(a, o.desc.transpose_first), o);
  grb_matrix ga = typed<T>(a);
  grb_scalar s = select_thunk<T>(op, thunk);
  GRAPHRING_GRB(GrB_Matrix_select_Scalar(out.c.get(), out.mask.get(), out.accum, select_op<T>(op),
                                         ga.get(), s.get(), out.desc.get()));
  return out.result();
}

template <class T>
T grb_reduce(monoid_kind m, const sparse_vector<T>& u) {
  grb_vector gu = to_grb_vector(u);
  T s{};
  GRAPHRING_GRB(grb_ops<T>::vector_reduce(&s, grb_monoid<T>(m), gu.get()));
  return s;
}

template <class T>
T grb_reduce(monoid_kind m, const csr_matrix& a) {
  grb_matrix ga = typed<T>(a);
  T s{};
  GRAPHRING_GRB(grb_ops<T>::matrix_reduce(&s, grb_monoid<T>(m), ga.get()));
  return s;
}

template <class T>
sparse_vector<T> grb_reduce_rows(monoid_kind m, const csr_matrix& a, const vector_options<T>& o) {
  vector_output<T> out(rows_of(a, o.desc.transpose_first), o);
  grb_matrix ga = typed<T>(a);
  GRAPHRING_GRB(GrB_Matrix_reduce_Monoid(out.w.get(), out.mask.get(), out.accum, grb_monoid<T>(m),
                                         ga.get(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_vector<T> grb_assign(const sparse_vector<T>& u, const std::vector<std::uint64_t>& indices,
                            const vector_options<T>& o) {
  if (!o.w) throw error(error_kind::usage, "assign needs the initial w");
  vector_output<T> out(o.w->size, o);
  grb_vector gu = to_grb_vector(u);
  GRAPHRING_GRB(GrB_Vector_assign(out.w.get(), out.mask.get(), out.accum, gu.get(),
                                  index_list(indices), indices.empty() ? o.w->size : indices.size(),
                                  out.desc.get()));
  return out.result();
}

template <class T>
sparse_vector<T> grb_assign(T x, const std::vector<std::uint64_t>& indices,
                            const vector_options<T>& o) {
  if (!o.w) throw error(error_kind::usage, "assign needs the initial w");
  vector_output<T> out(o.w->size, o);
  GRAPHRING_GRB(
      grb_ops<T>::vector_assign(out.w.get(), out.mask.get(), out.accum, x, index_list(indices),
                                indices.empty() ? o.w->size : indices.size(), out.desc.get()));
  return out.result();
}

template <class T>
sparse_vector<T> grb_extract(const sparse_vector<T>& u, const std::vector<std::uint64_t>& indices,
                             const vector_options<T>& o) {
  const std::uint64_t n = indices.empty() ? u.size : indices.size();
  vector_output<T> out(n, o);
  grb_vector gu = to_grb_vector(u);
  GRAPHRING_GRB(GrB_Vector_extract(out.w.get(), out.mask.get(), out.accum, gu.get(),
                                   index_list(indices), n, out.desc.get()));
  return out.result();
}

template <class T>
sparse_matrix<T> grb_transpose(const csr_matrix& a, const matrix_options<T>& o) {
  const bool t = !o.desc.transpose_first;
  matrix_output<T> out(rows_of(a, t), cols_of(a, t), o);
  grb_matrix ga = typed<T>(a);
  GRAPHRING_GRB(GrB_transpose(out.c.get(), out.mask.get(), out.accum, ga.get(), out.desc.get()));
  return out.result();
}

#define GRAPHRING_GRB_KERNELS(T)                                                                  \
  template GrB_Semiring grb_semiring<T>(semiring_kind);                                           \
  template GrB_BinaryOp grb_binary_op<T>(binary_kind);                                            \
  template GrB_Monoid grb_monoid<T>(monoid_kind);                                                 \
  template grb_vector to_grb_vector<T>(const sparse_vector<T>&);                                  \
  template sparse_vector<T> from_grb_vector<T>(GrB_Vector);                                       \
  template sparse_matrix<T> from_grb_matrix<T>(GrB_Matrix);                                       \
  template sparse_matrix<T> to_sparse_matrix<T>(const csr_matrix&);                               \
  template sparse_vector<T> grb_mxv<T>(semiring_kind, const csr_matrix&, const sparse_vector<T>&, \
                                       const vector_options<T>&);                                 \
  template sparse_vector<T> grb_vxm<T>(semiring_kind, const sparse_vector<T>&, const csr_matrix&, \
                                       const vector_options<T>&);                                 \
  template sparse_matrix<T> grb_mxm<T>(semiring_kind, const csr_matrix&, const csr_matrix&,       \
                                       const matrix_options<T>&);                                 \
  template sparse_vector<T> grb_ewise_add<T>(binary_kind, const sparse_vector<T>&,                \
                                             const sparse_vector<T>&, const vector_options<T>&);  \
  template sparse_vector<T> grb_ewise_mult<T>(binary_kind, const sparse_vector<T>&,               \
                                              const sparse_vector<T>&, const vector_options<T>&); \
  template sparse_matrix<T> grb_ewise_add<T>(binary_kind, const csr_matrix&, const csr_matrix&,   \
                                             const matrix_options<T>&);                           \
  template sparse_matrix<T> grb_ewise_mult<T>(binary_kind, const csr_matrix&, const csr_matrix&,  \
                                              const matrix_options<T>&);                          \
  template sparse_vector<T> grb_apply<T>(unary_kind, const sparse_vector<T>&,                     \
                                         const vector_options<T>&);                               \
  template sparse_vector<T> grb_apply<T>(binary_kind, const sparse_vector<T>&, T,                 \
                                         const vector_options<T>&);                               \
  template sparse_vector<T> grb_select<T>(select_kind, const sparse_vector<T>&, T,                \
                                          const vector_options<T>&);                              \
  template sparse_matrix<T> grb_select<T>(select_kind, const csr_matrix&, double,                 \
                                          const matrix_options<T>&);                              \
  template T grb_reduce<T>(monoid_kind, const sparse_vector<T>&);                                 \
  template T grb_reduce<T>(monoid_kind, const csr_matrix&);                                       \
  template sparse_vector<T> grb_reduce_rows<T>(monoid_kind, const csr_matrix&,                    \
                                               const vector_options<T>&);                         \
  template sparse_vector<T> grb_assign<T>(                                                        \
      const sparse_vector<T>&, const std::vector<std::uint64_t>&, const vector_options<T>&);      \
  template sparse_vector<T> grb_assign<T>(T, const std::vector<std::uint64_t>&,                   \
                                          const vector_options<T>&);                              \
  template sparse_vector<T> grb_extract<T>(                                                       \
      const sparse_vector<T>&, const std::vector<std::uint64_t>&, const vector_options<T>&);      \
  template sparse_matrix<T> grb_transpose<T>(const csr_matrix&, const matrix_options<T>&);

GRAPHRING_GRB_KERNELS(bool)
GRAPHRING_GRB_KERNELS(std::int32_t)
GRAPHRING_GRB_KERNELS(std::int64_t)
GRAPHRING_GRB_KERNELS(std::uint32_t)
GRAPHRING_GRB_KERNELS(std::uint64_t)
GRAPHRING_GRB_KERNELS(float)
GRAPHRING_GRB_KERNELS(double)

}  // namespace graphring::baselines
