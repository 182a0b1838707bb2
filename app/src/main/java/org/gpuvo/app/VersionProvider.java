package org.gpuvo.app;

import org.gpuvo.ros.GpuvoVersion;
import picocli.CommandLine.IVersionProvider;

/** gpuvo's version for {@code --version}. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[]{"gpuvo " + version()};
    }

    public static String version() {
        return GpuvoVersion.VERSION;
    }
}
