package org.gpuvo.ros.bag.mcap;

import java.util.zip.DataFormatException;

/**
 * Decodes one LZ4 block (https://github.com/lz4/lz4/blob/dev/doc/lz4_Block_format.md) whose matches may reach
 * back into blocks decoded before it: LZ4 frames with linked blocks (the default of the reference library, so of
 * libmcap's and Python's writers) need this, and lz4-java's decompressors refuse offsets before the block's start.
 */
final class Lz4BlockDecoder {
    /** Longer than any LZ4 block (4 MiB at most) can hold: a length beyond it is corrupt. */
    private static final int MAX_LENGTH = 1 << 24;

    private Lz4BlockDecoder() {
    }

    /**
     * Decodes {@code src[sp, srcEnd)} to {@code dst} from {@code dp}, writing no further than {@code dstEnd};
     * matches may refer back as far as {@code windowStart}. Returns the end of the output.
     */
    static int decode(byte[] src, int sp, int srcEnd, byte[] dst, int windowStart, int dp, int dstEnd)
            throws DataFormatException {
        if (sp >= srcEnd)
            throw new DataFormatException("empty LZ4 block");
        while (true) {
            int token = src[sp++] & 0xFF;
            int literals = token >>> 4;
            if (literals == 15) {
                int more = extension(src, sp, srcEnd, "literal");
                sp += more / 255 + 1;
                literals += more;
            }
            if (literals > srcEnd - sp || literals > dstEnd - dp)
                throw new DataFormatException("LZ4 literals of " + literals + " bytes run past the block or output");
            System.arraycopy(src, sp, dst, dp, literals);
            sp += literals;
            dp += literals;
            if (sp == srcEnd)
                return dp; // the last sequence has literals only
            if (srcEnd - sp < 2)
                throw new DataFormatException("LZ4 match offset cut off");
            int offset = (src[sp] & 0xFF) | (src[sp + 1] & 0xFF) << 8;
            sp += 2;
            if (offset == 0 || offset > dp - windowStart)
                throw new DataFormatException("LZ4 match offset " + offset + " points before the decoded data");
            int matchLength = (token & 15) + 4;
            if ((token & 15) == 15) {
                int more = extension(src, sp, srcEnd, "match");
                sp += more / 255 + 1;
                matchLength += more;
            }
            if (matchLength > dstEnd - dp)
                throw new DataFormatException("LZ4 match of " + matchLength + " bytes runs past the output");
            int from = dp - offset;
            if (offset >= matchLength) {
                System.arraycopy(dst, from, dst, dp, matchLength);
            } else {
                // overlapping: the match repeats the last `offset` bytes, so it must be copied forwards
                for (int i = 0; i < matchLength; i++)
                    dst[dp + i] = dst[from + i];
            }
            dp += matchLength;
        }
    }

    /**
     * The bytes that extend a literal or match length of 15: summed until one below 255. They number exactly
     * {@code sum / 255 + 1}, which is how the caller skips them.
     */
    private static int extension(byte[] src, int sp, int srcEnd, String what) throws DataFormatException {
        int sum = 0;
        int b;
        do {
            if (sp >= srcEnd)
                throw new DataFormatException("LZ4 " + what + " length runs past the block");
            b = src[sp++] & 0xFF;
            sum += b;
            if (sum > MAX_LENGTH)
                throw new DataFormatException("LZ4 " + what + " length exceeds any block");
        } while (b == 255);
        return sum;
    }
}
