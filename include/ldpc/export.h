/* LDPC_API marks what the shared library exports: every function of the
 * public headers. The library is compiled with hidden visibility, so nothing
 * else leaves it (CMakeLists.txt, the shared_library_exports test). */
#ifndef LDPC_EXPORT_H
#define LDPC_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define LDPC_API __attribute__((visibility("default")))
#else
#define LDPC_API
#endif

#endif
