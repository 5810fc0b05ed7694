// Semirings defined at run time (engine/registry/compiled_semiring.hpp): a definition compiled
// into graphring's kernels gives the built-in semiring's answer (values and presence) on a
// weighted road graph with a sparse x, over float64 and int64 and with ⊕ as an expression, in
// every format, by pull and by push, in the original and the degree order; a second compile of
// the same text loads the cached library; bad definitions, a definition that does not compile
// and a missing compiler each get one error_kind::usage message.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>

#include "engine/io/load.hpp"
#include "engine/registry/compiled_semiring.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::scoped_env;
using testing::scratch_dir;

std::string usage_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::usage);
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

// x over n vertices, about a third of them present, values in [0, 100) (integers when T is).
template <class T>
vector<T> sparse_x(std::uint64_t n) {
  std::mt19937_64 random(7);
  vector<T> x(n);
  for (std::uint64_t i = 0; i < n; ++i)
    if (random() % 3 == 0) x.set(i, T(random() % 10000) / T(100));
  return x;
}

template <class T>
void expect_same_product(const any_vector& got, const any_vector& want,
                         std::uint64_t at_least = 100) {
  ASSERT_TRUE(std::holds_alternative<vector<T>>(got));
  ASSERT_TRUE(std::holds_alternative<vector<T>>(want));
  const auto& g = std::get<vector<T>>(got);
  const auto& w = std::get<vector<T>>(want);
  ASSERT_EQ(g.size(), w.size());
  EXPECT_EQ(g.nvals(), w.nvals());
  std::uint64_t compared = 0;
  w.for_each([&](std::uint64_t i, T value) {
    ASSERT_TRUE(g.has(i)) << i;
    EXPECT_EQ(g.get(i), value) << i;  // the same minima, bit for bit
    ++compared;
  });
  EXPECT_GE(compared, at_least);
}

TEST(CompiledSemiring, ParsesAndChecksDefinitions) {
  const semiring_definition d = parse_semiring_definition(
      " add = a < b ? a : b ;multiply=a + b; identity=inf; "
      "terminal=-inf; type=int64; commutative=false; name=least; ");
  EXPECT_EQ(d.add, "a < b ? a : b");
  EXPECT_EQ(d.multiply, "a + b");
  EXPECT_EQ(d.identity, "inf");
  EXPECT_EQ(d.terminal, "-inf");
  EXPECT_EQ(d.type, "int64");
  EXPECT_FALSE(d.commutative);
  EXPECT_EQ(d.title(), "least");
  EXPECT_EQ(parse_semiring_definition("add=min;multiply=a*b").title(), "(min, a*b)");
  const std::string source = compiled_semiring_source(d);
  EXPECT_NE(source.find("using T = std::int64_t;"), std::string::npos);
  EXPECT_NE(source.find("return (a < b ? a : b);"), std::string::npos);
  EXPECT_NE(source.find("terminal() { return (-std::numeric_limits<T>::infinity()); }"),
            std::string::npos);
  EXPECT_NE(source.find("commutative = false"), std::string::npos);
  EXPECT_NE(compiled_semiring_source(parse_semiring_definition("add=a+b; multiply=a; identity=0"))
                .find("identity() { return (T(0)); }"),
            std::string::npos);

  EXPECT_NE(usage_message([] {
              parse_semiring_definition("add=min; a + b");
            }).find("key=value parts, not 'a + b'"),
            std::string::npos);
  EXPECT_NE(usage_message([] {
              parse_semiring_definition("add=min; mul=a");
            }).find("no key 'mul' (add, multiply, identity, terminal, type, commutative, name)"),
            std::string::npos);
  EXPECT_NE(usage_message([] {
              parse_semiring_definition("commutative=yes");
            }).find("commutative must be true or false, not 'yes'"),
            std::string::npos);
  auto source_of = [](const char* text) {
    return [text] { compiled_semiring_source(parse_semiring_definition(text)); };
  };
  EXPECT_NE(usage_message(source_of("add=min")).find("needs add"), std::string::npos);
  EXPECT_NE(usage_message(source_of("add=a+b; multiply=a*b")).find("needs its identity"),
            std::string::npos);
  EXPECT_NE(usage_message(source_of("add=min; multiply=a; identity=0"))
                .find("the min monoid has its own identity"),
            std::string::npos);
  EXPECT_NE(usage_message(source_of("add=min; multiply=a; type=complex128"))
                .find("must be float64 or int64, not 'complex128'"),
            std::string::npos);
}

TEST(CompiledSemiring, GivesTheBuiltInAnswersAndLoadsFromTheCache) {
  GRAPHRING_DATASET(rome, "road/rome99.gr");
  scratch_dir d;
  const scoped_env cache("GRAPHRING_JIT_CACHE", d.path("cache").c_str());
  const graph g = load_graph(rome);
  const csr_matrix& a = g.adjacency();
  const semiring_registry& builtin = semiring_registry::global();

  const semiring_definition min_plus = parse_semiring_definition("add=min; multiply=a + b");
  const compiled_semiring first = compile_semiring(min_plus, default_semiring_compiler_setup());
  EXPECT_GT(first.compile_seconds, 0);
  const semiring_entry entry = compiled_semiring_entry(first);
  EXPECT_EQ(entry.name, "(min, a + b)");
  const any_vector x = sparse_x<double>(g.vertices());
  expect_same_product<double>(
      entry.mxv(a, nullptr, x, product_method::automatic, std::nullopt, vertex_order::original),
      builtin.find("min_plus")
          .mxv(a, nullptr, x, product_method::pull, format_kind::csr, vertex_order::original));

  // The same text again: the cached library, not a compile.
  const compiled_semiring again = compile_semiring(min_plus, default_semiring_compiler_setup());
  EXPECT_EQ(again.compile_seconds, 0);
  EXPECT_EQ(again.library, first.library);

  // min written out as an expression with its identity and terminal, over int64.
  const compiled_semiring least = compile_semiring(
      parse_semiring_definition("add=b < a ? b : a; multiply=a + b; type=int64; "
                                "identity=std::numeric_limits<T>::max(); terminal="
                                "std::numeric_limits<T>::min(); commutative=false"),
      default_semiring_compiler_setup());
  const any_vector xi = sparse_x<std::int64_t>(g.vertices());
  expect_same_product<std::int64_t>(
      compiled_semiring_entry(least).mxv(a, nullptr, xi, product_method::pull, format_kind::csr,
                                         vertex_order::original),
      builtin.find("min_plus_int64")
          .mxv(a, nullptr, xi, product_method::pull, format_kind::csr, vertex_order::original));

  // Every format, both directions and two vertex orders: the built-in min_plus's answer in each
  // (the same kernels, so the same minima bit for bit), over float64 and int64.
  const semiring_entry least_entry = compiled_semiring_entry(least);
  for (const format_kind f : all_format_kinds)
    for (const product_method method : {product_method::pull, product_method::push})
      for (const vertex_order order : {vertex_order::original, vertex_order::degree}) {
        SCOPED_TRACE(std::string(format_name(f)) +
                     (method == product_method::push ? " push " : " pull ") +
                     (order == vertex_order::original ? "original" : "degree"));
        expect_same_product<double>(entry.mxv(a, nullptr, x, method, f, order),
                                    builtin.find("min_plus").mxv(a, nullptr, x, method, f, order));
        expect_same_product<std::int64_t>(
            least_entry.mxv(a, nullptr, xi, method, f, order),
            builtin.find("min_plus_int64").mxv(a, nullptr, xi, method, f, order));
      }
  // The automatic choice (a push for so sparse an x): the built-in's answer.
  vector<double> few(g.vertices());
  few.set(1, 0.0);
  few.set(700, 2.5);
  const any_vector by_default = entry.mxv(a, nullptr, few, product_method::automatic,
                                          format_kind::cci, vertex_order::original);
  expect_same_product<double>(
      by_default,
      builtin.find("min_plus")
          .mxv(a, nullptr, few, product_method::push, format_kind::csr, vertex_order::original),
      1);
}

TEST(CompiledSemiring, ACompileErrorAndAMissingCompilerAreOneMessage) {
  scratch_dir d;
  const scoped_env cache("GRAPHRING_JIT_CACHE", d.path("cache").c_str());
  const std::string broken = usage_message([] {
    compile_semiring(parse_semiring_definition("add=max; multiply=a +* b"),
                     default_semiring_compiler_setup());
  });
  EXPECT_TRUE(broken.starts_with("the semiring (max, a +* b) does not compile: ")) << broken;
  EXPECT_NE(broken.find("error"), std::string::npos) << broken;
  EXPECT_NE(broken.find("(source: " + d.path("cache") + "/semiring-"), std::string::npos);
  const scoped_env no_compiler("CXX", "no-such-compiler");
  EXPECT_EQ(usage_message([] {
              compile_semiring(parse_semiring_definition("add=max; multiply=a - b"),
                               default_semiring_compiler_setup());
            }),
            "no C++ compiler to compile the semiring (max, a - b) with: 'no-such-compiler' is "
            "not found (set CXX)");
}

}  // namespace
}  // namespace graphring
