# Man pages: ldpc(1), ldpcd(8) and, with the liquid-dsp tools, ldpc-tx(1)
# and ldpc-rx(1) from scdoc sources (docs/man/*.scd),
# ldpcd.conf(5) from the shipped configuration file (ConfManPage.cmake), so
# that its keys and explanations are those of --print-default-config (test
# ldpcd_check_config keeps the file and the daemon equal).
set(LDPC_BUILD_MANPAGES AUTO CACHE STRING "Build the man pages: AUTO (when scdoc is found), ON or OFF")
find_program(SCDOC_PROGRAM scdoc)
if(LDPC_BUILD_MANPAGES STREQUAL "AUTO")
  set(LDPC_MANPAGES_ENABLED ${SCDOC_PROGRAM})
elseif(LDPC_BUILD_MANPAGES AND NOT SCDOC_PROGRAM)
  message(FATAL_ERROR "LDPC_BUILD_MANPAGES=ON but scdoc was not found")
else()
  set(LDPC_MANPAGES_ENABLED ${LDPC_BUILD_MANPAGES})
endif()
if(NOT LDPC_MANPAGES_ENABLED)
  return()
endif()

set(LDPC_MAN_DIR ${PROJECT_BINARY_DIR}/man)
set(LDPC_MAN_PAGES "")
set(LDPC_SCDOC_PAGES ldpc.1 ldpcd.8)
if(LDPC_WITH_LIQUID)
  list(APPEND LDPC_SCDOC_PAGES ldpc-tx.1 ldpc-rx.1)
endif()
foreach(page ${LDPC_SCDOC_PAGES})
  add_custom_command(OUTPUT ${LDPC_MAN_DIR}/${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${LDPC_MAN_DIR}
    COMMAND ${SCDOC_PROGRAM} < ${PROJECT_SOURCE_DIR}/docs/man/${page}.scd > ${LDPC_MAN_DIR}/${page}
    DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/${page}.scd VERBATIM)
  list(APPEND LDPC_MAN_PAGES ${LDPC_MAN_DIR}/${page})
endforeach()
add_custom_command(OUTPUT ${LDPC_MAN_DIR}/ldpcd.conf.5
  COMMAND ${CMAKE_COMMAND} -DCONF=${PROJECT_SOURCE_DIR}/configs/ldpcd.conf
          -DOUT=${LDPC_MAN_DIR}/ldpcd.conf.5 -DVERSION=${PROJECT_VERSION}
          -P ${PROJECT_SOURCE_DIR}/cmake/ConfManPage.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/configs/ldpcd.conf ${PROJECT_SOURCE_DIR}/cmake/ConfManPage.cmake)
list(APPEND LDPC_MAN_PAGES ${LDPC_MAN_DIR}/ldpcd.conf.5)
add_custom_target(man-pages ALL DEPENDS ${LDPC_MAN_PAGES})
foreach(page ${LDPC_MAN_PAGES})
  string(REGEX REPLACE ".*\\.([0-9])$" "\\1" section ${page})
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section})
endforeach()
