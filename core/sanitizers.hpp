// Whether this translation unit is built with a sanitizer (GCC's __SANITIZE_* macros, clang's
// __has_feature). Code that only measures or caches uses it: instrumented loads make timings
// meaningless and hide out-of-bounds reads behind recycled blocks.
#pragma once

namespace graphring {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool built_with_address_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool built_with_address_sanitizer = true;
#else
inline constexpr bool built_with_address_sanitizer = false;
#endif
#else
inline constexpr bool built_with_address_sanitizer = false;
#endif

#if defined(__SANITIZE_THREAD__)
inline constexpr bool built_with_thread_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool built_with_thread_sanitizer = true;
#else
inline constexpr bool built_with_thread_sanitizer = false;
#endif
#else
inline constexpr bool built_with_thread_sanitizer = false;
#endif

inline constexpr bool built_with_sanitizer =
    built_with_address_sanitizer || built_with_thread_sanitizer;

}  // namespace graphring
