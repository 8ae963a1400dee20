# SPDX-License-Identifier: GPL-3.0-or-later
# Writes OUT with the commit the sources are at (git describe), run at every build; the file changes only when
# the commit does, so only versions.cpp is compiled again then. "unknown" outside git.
execute_process(COMMAND git describe --always --dirty WORKING_DIRECTORY ${SOURCE_DIR}
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR commit STREQUAL "")
  set(commit unknown)
endif()
file(WRITE ${OUT}.new "#define ATTENTION_VIZ_COMMIT \"${commit}\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.new ${OUT})
file(REMOVE ${OUT}.new)
