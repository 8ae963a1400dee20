# SPDX-License-Identifier: GPL-3.0-or-later
# Each layer of app/ (model, io, cli, render, widgets) has an include folder of its own, holding only that layer's
# folder (a link to app/LAYER), so that "widgets/main_window.h" is found only by what links the widget layer: a
# header of a higher layer fails to compile below it, as its symbols fail to link.
#   attention_layer_includes(TARGET LAYER)
function(attention_layer_includes target layer)
  set(root ${CMAKE_BINARY_DIR}/layers/${layer})
  file(MAKE_DIRECTORY ${root})
  if(NOT EXISTS ${root}/${layer})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/app/${layer} ${root}/${layer} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
endfunction()
