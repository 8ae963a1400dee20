# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the manual page attention-viz(1) from the program's own --help, so the two never disagree:
#   cmake -DEXE=path/to/attention-viz -DVERSION=x.y.z -DOUT=attention-viz.1 -P man_page.cmake
# The help's first lines become NAME and DESCRIPTION, each option an indented paragraph (.TP).
set(ENV{QT_QPA_PLATFORM} offscreen)
execute_process(COMMAND ${EXE} --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXE} --help failed (${status})")
endif()

# roff: backslashes and leading dots or quotes are commands; '-' is a hyphen unless escaped.
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REPLACE ";" "\\;" help "${help}")
string(REPLACE "\n" ";" lines "${help}")
set(description "")
set(options "")
set(state head)
set(current "")
foreach(line IN LISTS lines)
  if(state STREQUAL head)
    if(line MATCHES "^Usage:")
      continue()
    elseif(line STREQUAL "Options:")
      set(state options)
    elseif(NOT line STREQUAL "")
      roff_escape("${line}" e)
      string(APPEND description "${e}\n")
    endif()
  elseif(line MATCHES "^  (-[^ ]+( [^ ]+)*)  +(.+)$")
    # An option, its words one space apart, then at least two spaces and the start of its text.
    set(option "${CMAKE_MATCH_1}")
    set(text "${CMAKE_MATCH_3}")
    roff_escape("${option}" option)
    roff_escape("${text}" text)
    string(APPEND options ".TP\n.B ${option}\n${text}\n")
  elseif(line MATCHES "^  (-[^ ]+( [^ ]+)*)$") # an option too long for its text beside it
    roff_escape("${CMAKE_MATCH_1}" option)
    string(APPEND options ".TP\n.B ${option}\n")
  elseif(line MATCHES "^ +(.*)$")
    roff_escape("${CMAKE_MATCH_1}" text)
    string(APPEND options "${text}\n")
  elseif(NOT line STREQUAL "")
    roff_escape("${line}" text)
    string(APPEND options ".PP\n${text}\n")
  endif()
endforeach()

file(WRITE "${OUT}.tmp"
".TH ATTENTION\\-VIZ 1 \"\" \"attention\\-viz ${VERSION}\" \"User Commands\"
.SH NAME
attention\\-viz \\- see scaled dot\\-product attention change as you move its settings
.SH SYNOPSIS
.B attention\\-viz
[\\fIoptions\\fR]
.SH DESCRIPTION
${description}.PP
The window shows the (L, S) attention\\-weight matrix as a heatmap, with each row's sum and entropy, and
follows every change of d_k, the lengths, the scaling, the softmax dimension and the masks at once. F5 switches
to presentation mode; Help > Keyboard shortcuts lists the keys.
.SH OPTIONS
${options}.SH EXIT STATUS
0 when everything asked for was done; 2 when an option, a file or an output was refused or could not be
written (the message names it, and nothing is left half\\-written).
.SH SEE ALSO
.BR python3 (1):
Edit > Copy as PyTorch code and \\-\\-print\\-pytorch write a script that reproduces the window's numbers in PyTorch.
")
file(RENAME "${OUT}.tmp" "${OUT}")
