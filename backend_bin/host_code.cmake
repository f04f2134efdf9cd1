# Polaris Studio: included after the top-level project() of each build, Linux and Windows (CMAKE_PROJECT_INCLUDE,
# backend_bin/output.py).
# The code around ggml's kernels - sd.cpp's and llama.cpp's own files, their command lines, servers, tokenizers and
# cpp-httplib - is compiled at -O1 instead of Release's -O3: it is about two thirds of a build's compiling, and
# -O1 compiles it in about half the time (stable-diffusion.cpp 77 s -> 42 s). It builds the graphs the kernels
# run and moves pictures and text around them. ggml's own libraries (ggml-base, the CPU variants, ggml-vulkan), where
# a picture's arithmetic is done, keep -O3.
if(CMAKE_CURRENT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR)
  function(polaris_host_code_at_o1)
    set(folders "${CMAKE_SOURCE_DIR}")
    while(folders)
      list(POP_FRONT folders folder)
      get_property(subfolders DIRECTORY "${folder}" PROPERTY SUBDIRECTORIES)
      list(APPEND folders ${subfolders})
      get_property(targets DIRECTORY "${folder}" PROPERTY BUILDSYSTEM_TARGETS)
      foreach(target IN LISTS targets)
        get_target_property(type ${target} TYPE)
        if(NOT target MATCHES "^ggml" AND type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
          # after Release's -O3 on the command line, so it is the one the compiler keeps
          target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C,CXX>:-O1>)
        endif()
      endforeach()
    endwhile()
  endfunction()
  cmake_language(DEFER CALL polaris_host_code_at_o1)
endif()
