package org.gpuvo.ros.transport.ihmc;

/**
 * Fast DDS cannot run here: its native library (shipped in ihmc-pub-sub for Linux x86_64 and aarch64, Windows and
 * macOS arm64) failed to load, or it refused to create the participant. The message says why; the node falls back to
 * another transport or exits cleanly.
 */
public class FastDdsUnavailableException extends RuntimeException {
    public FastDdsUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
