# Finds the jars of the gpuvo node for the ament package; CMakeLists.txt runs it at build time in script mode (-P)
# with REACTOR (the Maven reactor's root), STAGE (a folder of the build tree), MODE (build or prebuilt), MVN (Maven's
# path, in build mode) and OFFLINE (ON or OFF).
#
# In build mode it first runs Maven when the last package of ros_package is older than a POM or a main source of the
# modules ros_package is built from. Then it writes STAGE/jars.txt (the absolute paths of gpuvo-ros and of its runtime
# dependencies, one a line, in Maven's classpath order) and STAGE/classpath (their file names, which is what
# share/gpuvo/java/ holds once installed and what lib/gpuvo/gpuvo_node reads).
#
# The last package is stamped by ros_package/target/runtime.classpath: ros_package's package phase rewrites it
# (maven-dependency-plugin build-classpath, bound in ros_package/pom.xml), and it is also the list of dependencies.
cmake_minimum_required(VERSION 3.18)

set(target "${REACTOR}/ros_package/target")
set(stamp "${target}/runtime.classpath")

# The first POM or main source newer than the stamp, or "" (IS_NEWER_THAN also holds when the stamp is missing).
function(newer_than_stamp out)
  file(GLOB_RECURSE sources LIST_DIRECTORIES false
       "${REACTOR}/gpu/src/main/*" "${REACTOR}/odometry/src/main/*" "${REACTOR}/ros_package/src/main/*")
  foreach(f "${REACTOR}/pom.xml" "${REACTOR}/gpu/pom.xml" "${REACTOR}/odometry/pom.xml"
            "${REACTOR}/ros_package/pom.xml" ${sources})
    if("${f}" IS_NEWER_THAN "${stamp}")
      set(${out} "${f}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

newer_than_stamp(newer)
if(MODE STREQUAL "build" AND newer)
  if(EXISTS "${stamp}")
    message(STATUS "gpuvo: ${newer} is newer than the last package: running Maven in ${REACTOR}")
  else()
    message(STATUS "gpuvo: no package of ros_package yet: running Maven in ${REACTOR}")
  endif()
  set(mvn_command "${MVN}" -q -B -DskipTests -pl ros_package -am package)
  if(OFFLINE)
    list(INSERT mvn_command 1 -o)
  endif()
  # one build at a time, with ./gpuvo too (it takes the same lock with flock(1))
  find_program(FLOCK flock)
  if(FLOCK)
    file(MAKE_DIRECTORY "${target}")
    list(PREPEND mvn_command "${FLOCK}" "${target}/.gpuvo-build.lock")
  endif()
  execute_process(COMMAND ${mvn_command} WORKING_DIRECTORY "${REACTOR}" RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    set(hint "")
    if(OFFLINE)
      set(hint " Maven ran offline (GPUVO_MAVEN_OFFLINE=ON): if a dependency was missing, fetch them once with "
               "`mvn -B -DskipTests package` in ${REACTOR}, or build with --cmake-args -DGPUVO_MAVEN_OFFLINE=OFF.")
    endif()
    message(FATAL_ERROR "gpuvo: Maven failed (${status}): ${mvn_command}.${hint}")
  endif()
  newer_than_stamp(newer)
  if(newer)
    message(FATAL_ERROR "gpuvo: Maven succeeded but did not rewrite ${stamp} (is the build-classpath execution "
                        "still bound to the package phase in ros_package/pom.xml?)")
  endif()
elseif(NOT EXISTS "${stamp}")
  message(FATAL_ERROR "gpuvo: ${stamp} is missing: the jars have not been built. Run `mvn -B -DskipTests package` "
                      "in ${REACTOR}, or build this package with GPUVO_JARS=build.")
elseif(newer)
  message(WARNING "gpuvo: ${newer} is newer than the jars in ${target}; installing them as they are (GPUVO_JARS=prebuilt)")
endif()

# gpuvo-ros itself: the newest gpuvo-ros-<version>.jar (an older version's may still lie beside it)
file(GLOB candidates "${target}/gpuvo-ros-*.jar")
list(FILTER candidates EXCLUDE REGEX "-(sources|tests|javadoc)\\.jar$")
set(node_jar "")
foreach(jar IN LISTS candidates)
  if(NOT node_jar OR "${jar}" IS_NEWER_THAN "${node_jar}")
    set(node_jar "${jar}")
  endif()
endforeach()
if(NOT node_jar)
  message(FATAL_ERROR "gpuvo: no gpuvo-ros jar in ${target} although ${stamp} exists; run `mvn -B -DskipTests package` in ${REACTOR}")
endif()

file(READ "${stamp}" classpath)
string(STRIP "${classpath}" classpath)
if(classpath MATCHES ";")
  message(FATAL_ERROR "gpuvo: a path in ${stamp} holds a ';', which this script cannot handle")
endif()
string(REPLACE ":" ";" entries "${classpath}")

set(jars "${node_jar}")
set(names "")
get_filename_component(name "${node_jar}" NAME)
list(APPEND names "${name}")
foreach(entry IN LISTS entries)
  if(NOT entry MATCHES "\\.jar$" OR NOT EXISTS "${entry}" OR IS_DIRECTORY "${entry}")
    message(FATAL_ERROR "gpuvo: ${stamp} names '${entry}', which is not a jar file; rebuild with `mvn -B -DskipTests package`")
  endif()
  get_filename_component(name "${entry}" NAME)
  if(name IN_LIST names)
    # share/gpuvo/java/ is one folder: two dependencies of one file name would overwrite each other there
    message(FATAL_ERROR "gpuvo: two runtime dependencies are both named ${name} (one is ${entry})")
  endif()
  list(APPEND jars "${entry}")
  list(APPEND names "${name}")
endforeach()

list(JOIN jars "\n" jar_lines)
list(JOIN names "\n" name_lines)
# written only when changed, so that an unchanged build reinstalls nothing
function(write_if_changed file content)
  if(EXISTS "${file}")
    file(READ "${file}" old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${file}" "${content}")
endfunction()
write_if_changed("${STAGE}/jars.txt" "${jar_lines}\n")
write_if_changed("${STAGE}/classpath" "${name_lines}\n")
list(LENGTH jars count)
message(STATUS "gpuvo: ${count} jars for share/gpuvo/java, from ${target} and the Maven repository")
