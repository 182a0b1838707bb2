package org.gpuvo.ros.cdr;

import java.util.HexFormat;

/** Bytes written out by hand in tests: hex pairs, spaces and line breaks ignored. */
final class Hex {
    private Hex() {
    }

    static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex.replaceAll("\\s+", ""));
    }
}
