package org.gpuvo.ros;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * gpuvo's version, from a resource that the build fills in, so that it is right from a jar and in tests alike. The
 * command line prints it and the bag writers record it.
 */
public final class GpuvoVersion {
    private static final String RESOURCE = "version.properties";

    /** The version, or {@code "unknown"} where the resource is missing or unreadable. */
    public static final String VERSION = load();

    private GpuvoVersion() {
    }

    private static String load() {
        Properties properties = new Properties();
        try (InputStream in = GpuvoVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null)
                properties.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        return properties.getProperty("version", "unknown");
    }
}
