package org.gpuvo.ros.bag.mcap;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** gpuvo's version for the MCAP header's library field, from the resource the build fills in. */
final class GpuvoVersion {
    private GpuvoVersion() {
    }

    static final String VERSION = load();

    private static String load() {
        Properties properties = new Properties();
        try (InputStream in = GpuvoVersion.class.getResourceAsStream("/org/gpuvo/cli/version.properties")) {
            if (in != null)
                properties.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        return properties.getProperty("version", "unknown");
    }
}
