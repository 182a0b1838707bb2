package org.gpuvo.app.run;

import picocli.CommandLine.Option;

/**
 * {@code --[no-]deterministic} of {@code gpuvo run} and {@code gpuvo replay}: how local mapping runs. These commands
 * feed frames as fast as they are processed, far above a camera's rate, where the live mapping's results still vary
 * too much (see the README's status) to be a default for evaluation; so they map deterministically unless told
 * otherwise. {@code gpuvo demo} has no such option: it always runs deterministically, so that the figures it prints
 * repeat. The node maps live by default.
 */
public final class MappingOption {
    @Option(names = "--deterministic", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Run local mapping (new map points, the bundle adjustment) on the tracking thread at fixed "
                    + "points of the frame sequence, so that equal inputs and seeds give equal results bit for bit "
                    + "(the default). --no-deterministic runs it live, as the node does on a robot: on a thread of "
                    + "its own that tracking never waits for; repeated runs then differ, and at rates far above a "
                    + "camera's its results are not yet reliable.")
    public boolean deterministic;
}
