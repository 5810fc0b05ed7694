// cuSPARSE's SpMV, y = A x over (+, ×) in fp32, on a graph's adjacency matrix (a pattern matrix
// holds 1s): the vendor baseline of the GPU kernel rows in `graphring bench --backend cuda`, in
// CSR (32-bit offsets and columns; cuSPARSE's default CSR algorithm) and in sliced ELL (slices of
// 32 rows in their own order, cuSPARSE's SELL algorithm). A and x are uploaded once; multiply()
// runs one SpMV and waits for it. Built with the CUDA backend only.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/csr.hpp"
#include "engine/vector.hpp"

namespace graphring::baselines {

class cusparse_spmv {
 public:
  enum class layout { csr, sell };

  // Throws error_kind::limit beyond 32-bit indices (2^31 entries or slots).
  cusparse_spmv(const csr_matrix& a, layout how, const vector<float>& x);
  ~cusparse_spmv();
  cusparse_spmv(const cusparse_spmv&) = delete;
  cusparse_spmv& operator=(const cusparse_spmv&) = delete;

  void multiply();
  // y after the last multiply, as a dense vector.
  vector<float> result() const;

 private:
  struct state;
  std::unique_ptr<state> s_;
};

}  // namespace graphring::baselines
