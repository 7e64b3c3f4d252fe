# The shared library (libldpc.so.0) beside the static one that the tools and
# tests link: the same sources and settings, compiled with hidden visibility,
# so that it exports only what the public headers mark LDPC_API (every name
# starts with ldpc_). Included after every target_sources(ldpc ...).
option(LDPC_BUILD_SHARED "Build the shared library libldpc.so as well" ON)
if(LDPC_BUILD_SHARED)
  get_target_property(LDPC_ALL_SOURCES ldpc SOURCES)
  get_target_property(LDPC_LINKED ldpc LINK_LIBRARIES)
  add_library(ldpc_shared SHARED ${LDPC_ALL_SOURCES})
  # The generated sources (DVB tables, embedded kernels) are outputs of custom
  # commands that both libraries list: one target generates them before
  # either compiles, so a parallel build never runs a generator twice at once.
  set(LDPC_GENERATED_FILES ${LDPC_ALL_SOURCES})
  list(FILTER LDPC_GENERATED_FILES INCLUDE REGEX "^${PROJECT_BINARY_DIR}/")
  add_custom_target(ldpc_generated_sources DEPENDS ${LDPC_GENERATED_FILES})
  add_dependencies(ldpc ldpc_generated_sources)
  add_dependencies(ldpc_shared ldpc_generated_sources)
  set_target_properties(ldpc_shared PROPERTIES OUTPUT_NAME ldpc VERSION ${PROJECT_VERSION}
                        SOVERSION 0 C_VISIBILITY_PRESET hidden)
  target_include_directories(ldpc_shared
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE $<TARGET_PROPERTY:ldpc,INCLUDE_DIRECTORIES>)
  target_compile_definitions(ldpc_shared PRIVATE $<TARGET_PROPERTY:ldpc,COMPILE_DEFINITIONS>)
  target_link_libraries(ldpc_shared PRIVATE ${LDPC_LINKED})
  target_link_options(ldpc_shared PRIVATE -Wl,--no-undefined)
  install(TARGETS ldpc_shared EXPORT ldpcTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
