package org.gpuvo.ros.transport.ihmc;

import us.ihmc.pubsub.Domain;
import us.ihmc.pubsub.impl.fastRTPS.FastRTPSDomain;

/**
 * Loads ihmc-pub-sub's Fast DDS natives once per process. ihmc-native-library-loader extracts them from the jar into
 * {@code ~/.ihmc/lib} and loads them from there, so the home directory must be writable.
 */
final class FastDdsLibrary {
    private FastDdsLibrary() {
    }

    /**
     * The process's Fast DDS domain object (participants of every DDS domain id are made through it).
     *
     * @throws FastDdsUnavailableException where the natives cannot be extracted or loaded, with the reason
     */
    static synchronized Domain domain() {
        try {
            return FastRTPSDomain.getInstance(false);
        } catch (LinkageError | RuntimeException e) {
            throw new FastDdsUnavailableException("Fast DDS native library (ihmc-pub-sub, linked against glibc) could "
                    + "not be loaded on " + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                    + ": " + e, e);
        }
    }
}
