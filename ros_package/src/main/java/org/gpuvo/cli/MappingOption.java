package org.gpuvo.cli;

import picocli.CommandLine.Option;

/**
 * {@code --deterministic} of {@code gpuvo run} and {@code gpuvo replay}: how local mapping runs. {@code gpuvo demo}
 * has no such option: it always runs deterministically, so that the figures it prints repeat.
 */
final class MappingOption {
    @Option(names = "--deterministic",
            description = "Run local mapping (new map points, the bundle adjustment) on the tracking thread at fixed "
                    + "points of the frame sequence, so that equal inputs and seeds give equal results bit for bit; "
                    + "slower per frame, since each frame waits for its mapping. The default is live asynchronous "
                    + "mapping, as on a robot: mapping runs on a thread of its own, tracking never waits for it, and "
                    + "repeated runs may differ slightly.")
    boolean deterministic;
}
