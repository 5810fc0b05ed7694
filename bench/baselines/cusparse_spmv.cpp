// cuSPARSE's CSR and sliced-ELL SpMV through its generic API (cusparseSpMV), every call checked.
// libcusparse is opened (dlopen) when the baseline is first used, not when graphring starts: it
// and the libraries it pulls in map hundreds of megabytes, which every command would otherwise
// pay for, GPU or not.
#include "bench/baselines/cusparse_spmv.hpp"

#include <cusparse.h>
#include <dlfcn.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "engine/device/memory.hpp"

namespace graphring::baselines {
namespace {

// The cuSPARSE calls the baseline makes, looked up in the library once.
struct cusparse_api {
// clang-format off
#define GRAPHRING_CUSPARSE_CALLS(X)                                                      \
  X(cusparseGetErrorName) X(cusparseGetErrorString) X(cusparseCreate) X(cusparseDestroy) \
  X(cusparseCreateCsr) X(cusparseCreateSlicedEll) X(cusparseDestroySpMat)                \
  X(cusparseCreateDnVec) X(cusparseDestroyDnVec) X(cusparseSpMV_bufferSize) X(cusparseSpMV)
// clang-format on
#define GRAPHRING_CUSPARSE_POINTER(name) decltype(&::name) name = nullptr;
  GRAPHRING_CUSPARSE_CALLS(GRAPHRING_CUSPARSE_POINTER)
#undef GRAPHRING_CUSPARSE_POINTER
};

// By its versioned name (LD_LIBRARY_PATH, the loader's cache), else where the build found it.
const cusparse_api& cusparse() {
  static const cusparse_api api = [] {
    const std::string soname = "libcusparse.so." + std::to_string(CUSPARSE_VER_MAJOR);
    void* library = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen(GRAPHRING_CUSPARSE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library)
      throw error(error_kind::usage,
                  "the cuSPARSE baseline cannot load " + soname + ": " + dlerror());
    cusparse_api found;
#define GRAPHRING_CUSPARSE_LOOKUP(name)                                       \
  found.name = reinterpret_cast<decltype(found.name)>(dlsym(library, #name)); \
  if (!found.name) throw error(error_kind::usage, std::string("cuSPARSE has no ") + #name);
    GRAPHRING_CUSPARSE_CALLS(GRAPHRING_CUSPARSE_LOOKUP)
#undef GRAPHRING_CUSPARSE_LOOKUP
    return found;
  }();
  return api;
}

void check(cusparseStatus_t status, const char* call) {
  if (status != CUSPARSE_STATUS_SUCCESS)
    throw error(error_kind::internal, std::string(call) +
                                          " failed: " + cusparse().cusparseGetErrorName(status) +
                                          " (" + cusparse().cusparseGetErrorString(status) + ")");
}
#define GRAPHRING_CUSPARSE_TRY(call) check((call), #call)

std::int32_t narrow(std::uint64_t x) {
  if (x > std::uint64_t(INT32_MAX))
    throw error(
        error_kind::limit,
        "the cuSPARSE baseline takes 32-bit offsets, and this matrix needs " + std::to_string(x));
  return std::int32_t(x);
}

template <class T>
device_array<T> upload(const std::vector<T>& host) {
  return device_array<T>::upload(host.data(), host.size());
}

}  // namespace

struct cusparse_spmv::state {
  ~state() {
    if (y) cusparse().cusparseDestroyDnVec(y);
    if (x) cusparse().cusparseDestroyDnVec(x);
    if (a) cusparse().cusparseDestroySpMat(a);
    if (handle) cusparse().cusparseDestroy(handle);
  }
  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t a = nullptr;
  cusparseDnVecDescr_t x = nullptr, y = nullptr;
  cusparseSpMVAlg_t algorithm = CUSPARSE_SPMV_ALG_DEFAULT;
  device_array<std::int32_t> offsets, cols;
  device_array<float> values, x_values, y_values;
  device_array<unsigned char> buffer;
  std::uint64_t nrows = 0;
};

cusparse_spmv::cusparse_spmv(const csr_matrix& a, layout how, const vector<float>& x)
    : s_(std::make_unique<state>()) {
  if (x.form() != vector_form::dense || x.size() != a.ncols)
    throw error(error_kind::usage, "the cuSPARSE baseline needs a dense x of A's column count");
  s_->nrows = a.nrows;
  GRAPHRING_CUSPARSE_TRY(cusparse().cusparseCreate(&s_->handle));
  if (how == layout::csr) {
    std::vector<std::int32_t> offsets(a.nrows + 1), cols(a.nnz());
    for (std::uint64_t i = 0; i <= a.nrows; ++i) offsets[i] = narrow(a.offsets[i]);
    for (std::uint64_t p = 0; p < a.nnz(); ++p) cols[p] = std::int32_t(a.cols[p]);
    s_->offsets = upload(offsets);
    s_->cols = upload(cols);
    s_->values = upload(std::vector<float>(a.nnz(), 1.0f));
    GRAPHRING_CUSPARSE_TRY(cusparse().cusparseCreateCsr(
        &s_->a, std::int64_t(a.nrows), std::int64_t(a.ncols), std::int64_t(a.nnz()),
        s_->offsets.data(), s_->cols.data(), s_->values.data(), CUSPARSE_INDEX_32I,
        CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  } else {
    // cuSPARSE's sliced ELL: slices of 32 rows in row order, each column-major (slot k of the
    // slice's row r at offset + 32k + r) and padded to its longest row with column -1, value 0.
    // graphring's SELL cannot be handed over: it sorts the rows of a slice by length.
    constexpr std::uint64_t slice = 32;
    const std::uint64_t slices = (a.nrows + slice - 1) / slice;
    std::vector<std::int32_t> offsets(slices + 1, 0);
    for (std::uint64_t s = 0; s < slices; ++s) {
      std::uint64_t width = 0;
      for (std::uint64_t i = s * slice; i < std::min(a.nrows, (s + 1) * slice); ++i)
        width = std::max<std::uint64_t>(width, a.offsets[i + 1] - a.offsets[i]);
      offsets[s + 1] = narrow(std::uint64_t(offsets[s]) + width * slice);
    }
    std::vector<std::int32_t> cols(std::uint64_t(offsets[slices]), -1);
    std::vector<float> values(cols.size(), 0.0f);
    for (std::uint64_t i = 0; i < a.nrows; ++i)
      for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p) {
        const std::uint64_t k = p - a.offsets[i];
        const std::uint64_t at = std::uint64_t(offsets[i / slice]) + k * slice + i % slice;
        cols[at] = std::int32_t(a.cols[p]);
        values[at] = 1.0f;
      }
    s_->offsets = upload(offsets);
    s_->cols = upload(cols);
    s_->values = upload(values);
    s_->algorithm = CUSPARSE_SPMV_SELL_ALG1;
    GRAPHRING_CUSPARSE_TRY(cusparse().cusparseCreateSlicedEll(
        &s_->a, std::int64_t(a.nrows), std::int64_t(a.ncols), std::int64_t(a.nnz()),
        std::int64_t(cols.size()), std::int64_t(slice), s_->offsets.data(), s_->cols.data(),
        s_->values.data(), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
        CUDA_R_32F));
  }
  s_->x_values = device_array<float>::upload(x.values(), x.size());
  s_->y_values = device_array<float>(a.nrows);
  GRAPHRING_CUSPARSE_TRY(cusparse().cusparseCreateDnVec(&s_->x, std::int64_t(a.ncols),
                                                        s_->x_values.data(), CUDA_R_32F));
  GRAPHRING_CUSPARSE_TRY(cusparse().cusparseCreateDnVec(&s_->y, std::int64_t(a.nrows),
                                                        s_->y_values.data(), CUDA_R_32F));
  const float alpha = 1, beta = 0;
  std::size_t bytes = 0;
  GRAPHRING_CUSPARSE_TRY(cusparse().cusparseSpMV_bufferSize(
      s_->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, s_->a, s_->x, &beta, s_->y, CUDA_R_32F,
      s_->algorithm, &bytes));
  s_->buffer = device_array<unsigned char>(bytes);
}

cusparse_spmv::~cusparse_spmv() = default;

void cusparse_spmv::multiply() {
  const float alpha = 1, beta = 0;
  GRAPHRING_CUSPARSE_TRY(cusparse().cusparseSpMV(s_->handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                                 &alpha, s_->a, s_->x, &beta, s_->y, CUDA_R_32F,
                                                 s_->algorithm, s_->buffer.data()));
  cuda::synchronize();
}

vector<float> cusparse_spmv::result() const {
  array<float> y(s_->nrows);
  s_->y_values.download(y.data());
  return vector<float>::from_dense(std::move(y));
}

}  // namespace graphring::baselines
