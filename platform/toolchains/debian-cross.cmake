# Shared part of the Debian cross toolchain files: expects LDPC_CROSS_TRIPLE,
# LDPC_CROSS_QEMU and LDPC_CROSS_C_FLAGS from the including file.
set(CMAKE_C_COMPILER ${LDPC_CROSS_TRIPLE}-gcc)
set(CMAKE_C_FLAGS_INIT "${LDPC_CROSS_C_FLAGS}")
set(CMAKE_LIBRARY_ARCHITECTURE ${LDPC_CROSS_TRIPLE})

# The cross libc lives in /usr/<triple>; multiarch libraries and headers of the
# target (/usr/lib/<triple>, /usr/include) are found through the library
# architecture, so the host prefix is searched too. Programs are the build
# machine's.
set(CMAKE_FIND_ROOT_PATH /usr/${LDPC_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# pkg-config must read the target's .pc files only (Debian bookworm ships no
# <triple>-pkg-config wrapper).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${LDPC_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig")

# ctest runs the test programs through qemu-user. The dynamic loader and
# libraries are the multiarch ones (/lib/ld-linux-*.so, /usr/lib/<triple>),
# installed with libcmocka0:<arch>, so qemu needs no -L sysroot: one glibc.
find_program(LDPC_CROSS_QEMU_PROGRAM NAMES ${LDPC_CROSS_QEMU} ${LDPC_CROSS_QEMU}-static)
if(LDPC_CROSS_QEMU_PROGRAM)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${LDPC_CROSS_QEMU_PROGRAM})
endif()
