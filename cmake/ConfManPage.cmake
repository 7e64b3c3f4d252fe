# cmake -DCONF=configs/ldpcd.conf -DOUT=ldpcd.conf.5 -DVERSION=X -P ConfManPage.cmake
# Writes ldpcd.conf(5) from the shipped configuration file: each key at its
# default with the explanation the file (and --print-default-config) gives.
file(STRINGS ${CONF} lines)
set(page ".TH LDPCD.CONF 5 \"\" \"ldpcd ${VERSION}\" \"File formats\"
.SH NAME
ldpcd.conf \\- configuration file of ldpcd(8)
.SH DESCRIPTION
One \\fBkey = value\\fR per line; \\fB#\\fR starts a comment at the start of a line or
after a blank. Unknown keys and keys set twice are errors naming FILE:LINE.
Every key has a built-in default, so a file names only what it changes.
\\fBldpcd \\-\\-check\\-config \\-c FILE\\fR validates a file and explains every
value; \\fB\\-\\-set key=value\\fR on the command line overrides the file;
SIGHUP reloads it. In endpoints, \\fB%r\\fR stands for runtime_dir.
.SH KEYS
")
set(text "")
set(in_header TRUE)
foreach(line IN LISTS lines)
  if(in_header)
    if(line STREQUAL "")
      set(in_header FALSE)
    endif()
    continue()
  endif()
  if(line MATCHES "^#([a-z_]+) =( ?)(.*)$")
    set(value "${CMAKE_MATCH_3}")
    if(value STREQUAL "")
      set(value "(empty)")
    endif()
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "\\" "\\e" value "${value}")
    string(APPEND page ".TP\n\\fB${CMAKE_MATCH_1}\\fR = \\fI${value}\\fR\n${text}\n")
    set(text "")
  elseif(line MATCHES "^# (.*)$")
    set(piece "${CMAKE_MATCH_1}")
    if(piece MATCHES "^[.']")
      set(piece "\\&${piece}")
    endif()
    if(text STREQUAL "")
      set(text "${piece}")
    else()
      string(APPEND text "\n${piece}")
    endif()
  endif()
endforeach()
string(APPEND page ".SH FILES
.TP
/etc/ldpcd/ldpcd.conf
The file the systemd unit passes (installed with prefix /usr).
.SH SEE ALSO
ldpcd(8), ldpc(1); SERVICE.md and PROTOCOL.md in the documentation directory.
")
file(WRITE ${OUT} "${page}")
