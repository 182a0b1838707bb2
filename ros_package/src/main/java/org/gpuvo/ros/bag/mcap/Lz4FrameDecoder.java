package org.gpuvo.ros.bag.mcap;

import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

import java.util.zip.DataFormatException;

/**
 * Decodes LZ4 frames (https://github.com/lz4/lz4/blob/dev/doc/lz4_Frame_format.md) from one array into another,
 * as MCAP's "lz4" chunks hold them. Independent blocks go through lz4-java; linked blocks (the reference library's
 * default, which lz4-java's frame stream refuses) through {@link Lz4BlockDecoder}. Header, block and content
 * checksums are verified where the frame has them.
 */
final class Lz4FrameDecoder {
    private static final int FRAME_MAGIC = 0x184D2204;
    private static final int SKIPPABLE_MAGIC_MASK = 0xFFFFFFF0;
    private static final int SKIPPABLE_MAGIC = 0x184D2A50;

    private final LZ4SafeDecompressor blocks = LZ4Factory.fastestInstance().safeDecompressor();
    private final XXHash32 xxhash = XXHashFactory.fastestInstance().hash32();
    /** Input and output positions while decoding. */
    private int sp;
    private int dp;

    /** Decodes the frames in {@code src[off, off + len)} to exactly {@code dst[0, size)}. */
    void decode(byte[] src, int off, int len, byte[] dst, int size) throws DataFormatException {
        sp = off;
        dp = 0;
        int end = off + len;
        while (sp < end) {
            need(sp, 4, end, "frame magic");
            int magic = RecordInput.getIntLE(src, sp);
            sp += 4;
            if ((magic & SKIPPABLE_MAGIC_MASK) == SKIPPABLE_MAGIC) {
                need(sp, 4, end, "skippable frame size");
                long skip = RecordInput.getIntLE(src, sp) & 0xFFFFFFFFL;
                need(sp + 4, skip, end, "skippable frame");
                sp += 4 + (int) skip;
                continue;
            }
            if (magic != FRAME_MAGIC)
                throw new DataFormatException(String.format("not an LZ4 frame (magic 0x%08x)", magic));
            decodeFrame(src, end, dst, size);
        }
        if (dp != size)
            throw new DataFormatException("LZ4 data decode to " + dp + " bytes, not the " + size + " declared");
    }

    /** One frame, after its magic. */
    private void decodeFrame(byte[] src, int end, byte[] dst, int dstEnd) throws DataFormatException {
        int frameStart = dp;
        need(sp, 2, end, "frame descriptor");
        int flg = src[sp] & 0xFF;
        int bd = src[sp + 1] & 0xFF;
        if (flg >>> 6 != 1)
            throw new DataFormatException("LZ4 frame version " + (flg >>> 6) + " is not supported");
        boolean independent = (flg & 0x20) != 0;
        boolean blockChecksums = (flg & 0x10) != 0;
        boolean hasContentSize = (flg & 0x08) != 0;
        boolean contentChecksum = (flg & 0x04) != 0;
        if ((flg & 0x01) != 0)
            throw new DataFormatException("LZ4 frames with a dictionary are not supported");
        int maxBlock = switch ((bd >>> 4) & 7) {
            case 4 -> 64 << 10;
            case 5 -> 256 << 10;
            case 6 -> 1 << 20;
            case 7 -> 4 << 20;
            default -> throw new DataFormatException("LZ4 block maximum size code " + ((bd >>> 4) & 7));
        };
        int descriptorLength = 2 + (hasContentSize ? 8 : 0);
        need(sp, descriptorLength + 1, end, "frame descriptor");
        long contentSize = hasContentSize ? RecordInput.getLongLE(src, sp + 2) : -1;
        int headerCheck = (xxhash.hash(src, sp, descriptorLength, 0) >>> 8) & 0xFF;
        if (headerCheck != (src[sp + descriptorLength] & 0xFF))
            throw new DataFormatException("LZ4 frame descriptor checksum mismatch");
        sp += descriptorLength + 1;
        if (hasContentSize && (contentSize < 0 || contentSize > dstEnd - dp))
            throw new DataFormatException("LZ4 frame content size " + Long.toUnsignedString(contentSize)
                    + " exceeds the chunk's uncompressed size");
        while (true) {
            need(sp, 4, end, "block size");
            int word = RecordInput.getIntLE(src, sp);
            sp += 4;
            if (word == 0)
                break; // EndMark
            boolean stored = (word & 0x80000000) != 0;
            int blockSize = word & 0x7FFFFFFF;
            if (blockSize > maxBlock)
                throw new DataFormatException("LZ4 block of " + blockSize + " bytes exceeds the frame's maximum");
            need(sp, blockSize + (blockChecksums ? 4 : 0), end, "block");
            if (blockChecksums && xxhash.hash(src, sp, blockSize, 0) != RecordInput.getIntLE(src, sp + blockSize))
                throw new DataFormatException("LZ4 block checksum mismatch");
            int room = Math.min(maxBlock, dstEnd - dp);
            if (stored) {
                if (blockSize > room)
                    throw new DataFormatException("LZ4 data decode to more than the chunk's uncompressed size");
                System.arraycopy(src, sp, dst, dp, blockSize);
                dp += blockSize;
            } else if (independent) {
                try {
                    dp += blocks.decompress(src, sp, blockSize, dst, dp, room);
                } catch (LZ4Exception e) {
                    throw new DataFormatException("corrupt LZ4 block (or more data than the chunk's uncompressed"
                            + " size): " + e.getMessage());
                }
            } else {
                dp = Lz4BlockDecoder.decode(src, sp, sp + blockSize, dst, frameStart, dp, dp + room);
            }
            sp += blockSize + (blockChecksums ? 4 : 0);
        }
        if (hasContentSize && dp - frameStart != contentSize)
            throw new DataFormatException("LZ4 frame decodes to " + (dp - frameStart)
                    + " bytes, its header says " + contentSize);
        if (contentChecksum) {
            need(sp, 4, end, "content checksum");
            if (xxhash.hash(dst, frameStart, dp - frameStart, 0) != RecordInput.getIntLE(src, sp))
                throw new DataFormatException("LZ4 content checksum mismatch");
            sp += 4;
        }
    }

    private static void need(int sp, long n, int end, String what) throws DataFormatException {
        if (n > end - sp)
            throw new DataFormatException("LZ4 " + what + " cut off");
    }
}
