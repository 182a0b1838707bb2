package org.gpuvo.ros.cdr;

import java.nio.ByteOrder;

/**
 * The 4-byte encapsulation header that starts every serialized message: a 2-byte representation identifier (big
 * endian), then 2 option bytes. Only plain CDR (XCDR version 1) is supported, as ROS 2 writes it.
 *
 * <p>Identifiers from DDSI-RTPS 2.5 §10 (serialized payload representation), as Eclipse Cyclone DDS and Fast DDS use
 * them: the XCDR2 identifiers are 0x0006..0x000b.</p>
 */
final class Encapsulation {
    static final int HEADER_SIZE = 4;

    private static final int CDR_BE = 0x0000;
    private static final int CDR_LE = 0x0001;
    private static final String[] NAMES = {"CDR_BE", "CDR_LE", "PL_CDR_BE", "PL_CDR_LE", "XML", null,
            "CDR2_BE (XCDR2)", "CDR2_LE (XCDR2)", "D_CDR2_BE (XCDR2)", "D_CDR2_LE (XCDR2)", "PL_CDR2_BE (XCDR2)",
            "PL_CDR2_LE (XCDR2)"};

    private Encapsulation() {
    }

    /**
     * The byte order of the blob whose header starts at {@code offset}; the option bytes are ignored, as the
     * standard asks of receivers (rmw implementations may put the count of trailing padding bytes there).
     *
     * @throws CdrException where the header is missing or names anything but plain CDR
     */
    static ByteOrder read(byte[] blob, int offset, int length, String messageType) {
        if (length < HEADER_SIZE)
            throw new CdrException(messageType + ": blob of " + length + " bytes is shorter than the 4-byte "
                    + "encapsulation header", 0);
        int id = (blob[offset] & 0xFF) << 8 | (blob[offset + 1] & 0xFF);
        if (id == CDR_LE)
            return ByteOrder.LITTLE_ENDIAN;
        if (id == CDR_BE)
            return ByteOrder.BIG_ENDIAN;
        String name = id < NAMES.length && NAMES[id] != null ? NAMES[id] : "an unknown representation";
        throw new CdrException(String.format("%s: encapsulation %02x %02x is %s; only plain CDR is supported "
                + "(00 00 big endian, 00 01 little endian)", messageType, id >> 8, id & 0xFF, name), 0);
    }

    /** Writes the header of plain CDR in {@code order}, with zero options. */
    static void write(byte[] buffer, ByteOrder order) {
        buffer[0] = 0;
        buffer[1] = (byte) (order == ByteOrder.LITTLE_ENDIAN ? CDR_LE : CDR_BE);
        buffer[2] = 0;
        buffer[3] = 0;
    }
}
