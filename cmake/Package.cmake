# What a program needs to use the installed library: ldpc.pc for pkg-config
# and a CMake package (find_package(ldpc)). Both find the prefix from their
# own location, so an installed tree may be moved. The build tree exports
# the same targets, so find_package works against a build too.
file(RELATIVE_PATH LDPC_PC_PREFIX_FROM_PCDIR
     ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" LDPC_PC_PREFIX_FROM_PCDIR "${LDPC_PC_PREFIX_FROM_PCDIR}")
set(LDPC_PC_LIBS_PRIVATE "-lm -lpthread")
if(LDPC_OPENCL_ENABLED) # a static link needs the ICD loader too
  set(LDPC_PC_LIBS_PRIVATE "-lOpenCL ${LDPC_PC_LIBS_PRIVATE}")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/ldpc.pc.in ${PROJECT_BINARY_DIR}/ldpc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ldpc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

include(CMakePackageConfigHelpers)
set(LDPC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ldpc)
set_target_properties(ldpc PROPERTIES EXPORT_NAME ldpc_static)
if(TARGET ldpc_shared)
  set_target_properties(ldpc_shared PROPERTIES EXPORT_NAME ldpc)
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/ldpcConfig.cmake.in ${PROJECT_BINARY_DIR}/ldpcConfig.cmake
               @ONLY)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ldpcConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(EXPORT ldpcTargets NAMESPACE ldpc:: DESTINATION ${LDPC_CMAKE_DIR})
install(FILES ${PROJECT_BINARY_DIR}/ldpcConfig.cmake ${PROJECT_BINARY_DIR}/ldpcConfigVersion.cmake
        DESTINATION ${LDPC_CMAKE_DIR})
export(EXPORT ldpcTargets NAMESPACE ldpc:: FILE ${PROJECT_BINARY_DIR}/ldpcTargets.cmake)
