// Fast, checked scanning of line-oriented text, and the parallel driver the text readers share:
// the text is cut into chunks at line starts, each OpenMP thread parses whole chunks, and the
// earliest failure is reported with its 1-based line number (counted only when one occurs).
#pragma once

#include <omp.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "engine/io/progress.hpp"

namespace graphring::io {

// Thrown by a line parser; `where` points into the text.
struct parse_failure {
  const char* where;
  std::string message;
};

inline bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

class line_cursor {
 public:
  line_cursor(const char* p, const char* end) : p_(p), end_(end) {}

  const char* position() const noexcept { return p_; }
  bool at_end() const noexcept { return p_ >= end_; }

  void skip_blanks() noexcept {
    while (p_ < end_ && is_blank(*p_)) ++p_;
  }
  // True when only blanks remain on this line.
  bool at_line_end() noexcept {
    skip_blanks();
    return p_ >= end_ || *p_ == '\n';
  }
  char peek() noexcept { return p_ < end_ ? *p_ : '\n'; }
  void next_line() noexcept {
    if (p_ >= end_) return;
    const void* nl = std::memchr(p_, '\n', std::size_t(end_ - p_));
    p_ = nl ? static_cast<const char*>(nl) + 1 : end_;
  }
  // The rest of this line, without its line break.
  std::string_view rest_of_line() const noexcept {
    if (p_ >= end_) return {};
    const void* nl = std::memchr(p_, '\n', std::size_t(end_ - p_));
    const char* stop = nl ? static_cast<const char*>(nl) : end_;
    std::string_view s(p_, std::size_t(stop - p_));
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
  }

  // A signed decimal integer field; `what` names it in error messages.
  std::int64_t integer(const char* what) {
    skip_blanks();
    const char* start = p_;
    bool negative = false;
    if (p_ < end_ && (*p_ == '-' || *p_ == '+')) negative = *p_++ == '-';
    const char* digits = p_;
    std::uint64_t value = 0;
    while (p_ < end_ && unsigned(*p_ - '0') < 10) {
      const std::uint64_t digit = std::uint64_t(*p_ - '0');
      if (value > (UINT64_MAX - digit) / 10)
        throw parse_failure{start, std::string(what) + " is too large"};
      value = value * 10 + digit;
      ++p_;
    }
    if (p_ == digits) missing_or_bad(start, what, "an integer");
    if (p_ < end_ && !is_blank(*p_) && *p_ != '\n') missing_or_bad(start, what, "an integer");
    if (value > std::uint64_t(INT64_MAX) + (negative ? 1 : 0))
      throw parse_failure{start, std::string(what) + " is too large"};
    return negative ? std::int64_t(0 - value) : std::int64_t(value);
  }

  // A floating-point field (decimal or scientific, inf, nan).
  double real(const char* what) {
    skip_blanks();
    const char* start = p_;
    if (p_ < end_ && *p_ == '+') ++p_;
    double value = 0;
    auto [next, ec] = std::from_chars(p_, end_, value);
    if (ec == std::errc::result_out_of_range) {
      throw parse_failure{start, std::string(what) + " is out of the range of a double"};
    }
    if (ec != std::errc() || (next < end_ && !is_blank(*next) && *next != '\n'))
      missing_or_bad(start, what, "a number");
    p_ = next;
    return value;
  }

  // Fails unless the line is over.
  void expect_line_end(const char* what) {
    if (!at_line_end())
      throw parse_failure{p_, std::string("unexpected text after ") + what + ": '" + word() + "'"};
  }

  // The next whitespace-delimited word on this line (for messages).
  std::string word() {
    skip_blanks();
    const char* s = p_;
    while (s < end_ && !is_blank(*s) && *s != '\n') ++s;
    return std::string(p_, std::size_t(std::min<std::ptrdiff_t>(s - p_, 40)));
  }

 private:
  [[noreturn]] void missing_or_bad(const char* start, const char* what, const char* kind) {
    p_ = start;
    if (at_line_end()) throw parse_failure{start, std::string("missing ") + what};
    throw parse_failure{start, std::string(what) + " is not " + kind + ": '" + word() + "'"};
  }

  const char* p_;
  const char* end_;
};

// Lines in [begin, end) (a last line without a line break counts): an upper bound on the records
// of a chunk, so its output arrays are sized once.
inline std::size_t count_lines(const char* begin, const char* end) {
  return std::size_t(std::count(begin, end, '\n')) + (begin < end && end[-1] != '\n');
}

// 1-based number of the line holding `where`.
inline std::uint64_t line_number(std::string_view text, const char* where) {
  return 1 + std::uint64_t(std::count(text.data(), where, '\n'));
}

// Cuts `text` into about `parts` pieces, each starting at a line start.
inline std::vector<const char*> split_at_lines(std::string_view text, std::size_t parts) {
  std::vector<const char*> cuts{text.data()};
  const char* end = text.data() + text.size();
  for (std::size_t i = 1; i < parts; ++i) {
    const char* p = text.data() + text.size() * i / parts;
    if (p <= cuts.back()) continue;
    const void* nl = std::memchr(p - 1, '\n', std::size_t(end - p + 1));
    p = nl ? static_cast<const char*>(nl) + 1 : end;
    if (p > cuts.back() && p < end) cuts.push_back(p);
  }
  cuts.push_back(end);
  return cuts;
}

// Where the `index`-th of `parts` line-aligned pieces of [from, text's end) begins (from a line
// start): the first line start at or after its share of the bytes; `parts` gives the end. Every
// index is found on its own, so processes that each take piece [begin(i), begin(i + 1)) cover the
// text once between them.
inline const char* piece_begin(std::string_view text, const char* from, std::uint64_t index,
                               std::uint64_t parts) {
  const char* end = text.data() + text.size();
  if (index == 0) return from;
  if (index >= parts) return end;
  const std::uint64_t size = std::uint64_t(end - from);
  // size * index / parts without overflow for any file size
  const char* p = from + (size / parts * index + size % parts * index / parts);
  if (p <= from) return from;
  const void* nl = std::memchr(p - 1, '\n', std::size_t(end - p + 1));
  return nl ? static_cast<const char*>(nl) + 1 : end;
}

// Runs `parse_chunk(const char* begin, const char* end, Result&)` over line-aligned chunks of
// [from, to) in `text` (both line starts, or `to` its end), in parallel, and returns the chunk
// results in text order. A parse_failure becomes a graphring::error at its file and line in
// `text` (the earliest one wins). `progress` hears "parsing" after each chunk.
template <class Result, class ParseChunk>
std::vector<Result> parse_in_parallel(std::string_view text, const char* from, const char* to,
                                      const std::string& file, ParseChunk&& parse_chunk,
                                      const progress_fn& progress = {}) {
  const std::string_view part(from, std::size_t(to - from));
  // Few large chunks: each chunk's output arrays then reach the size where buffer<> takes huge
  // pages; a few chunks per thread still balance the load.
  const std::size_t threads = std::size_t(omp_get_max_threads());
  const std::size_t parts = part.size() < (1u << 20) ? 1 : std::max(threads * 2, part.size() >> 26);
  const std::vector<const char*> cuts = split_at_lines(part, parts);
  const std::int64_t chunks = std::int64_t(cuts.size()) - 1;
  std::vector<Result> results(chunks);
  std::vector<std::optional<parse_failure>> failures(chunks);
  std::vector<std::optional<error>> errors(chunks);
  std::int64_t done = 0;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t c = 0; c < chunks; ++c) {
    try {
      parse_chunk(cuts[c], cuts[c + 1], results[c]);
#pragma omp critical(graphring_parse_progress)
      report(progress, "parsing", double(++done) / double(chunks));
    } catch (const parse_failure& f) {
      failures[c] = f;
    } catch (const error& e) {
      errors[c] = e;
    } catch (const std::bad_alloc&) {
      errors[c] = error(error_kind::limit, "out of memory while parsing");
    }
  }
  for (std::int64_t c = 0; c < chunks; ++c) {
    if (failures[c])
      throw error(error_kind::bad_input, failures[c]->message, file,
                  line_number(text, failures[c]->where));
    if (errors[c]) throw errors[c]->at(file, errors[c]->line());
  }
  return results;
}

// The same over [from, text's end).
template <class Result, class ParseChunk>
std::vector<Result> parse_in_parallel(std::string_view text, const char* from,
                                      const std::string& file, ParseChunk&& parse_chunk,
                                      const progress_fn& progress = {}) {
  return parse_in_parallel<Result>(text, from, text.data() + text.size(), file,
                                   std::forward<ParseChunk>(parse_chunk), progress);
}

}  // namespace graphring::io
