package org.gpuvo.ros.node.args;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Params files the tests write into their temporary folder. */
final class ParamsFiles {
    /**
     * {@code my_params.yaml} of design.ros2.org "ROS command line arguments", "Precedence order of command line
     * arguments": a node section repeated, a key repeated within it, and {@code /**} last.
     */
    static final String DESIGN_ARTICLE_EXAMPLE = """
            # my_params.yaml
            my_node:
                ros__parameters:
                    my_int: 1
                    my_int: 2
                    another_int: 1
                    my_float: 1.0
                    another_float: 1.0
            my_node:
                ros__parameters:
                    another_int: 2
            /**:
                ros__parameters:
                    my_int: 3
                    global_int: 1
            """;

    private ParamsFiles() {
    }

    static Path write(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }
}
