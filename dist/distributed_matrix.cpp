#include "dist/distributed_matrix.hpp"

#include <type_traits>
#include <variant>

namespace graphring::dist {

std::vector<double> edge_weights(const csr_matrix& a) {
  std::vector<double> w(a.nnz(), 1.0);
  std::visit(
      [&](const auto& values) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(values)>, std::monostate>)
          for (edge_offset p = 0; p < a.nnz(); ++p) w[p] = double(values[p]);
      },
      a.values);
  return w;
}

}  // namespace graphring::dist
