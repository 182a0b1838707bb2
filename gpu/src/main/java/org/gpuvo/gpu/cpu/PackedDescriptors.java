package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.Descriptors;

/**
 * Binary descriptors repacked into 64-bit little-endian words so that a Hamming distance is a few XORs and
 * {@link Long#bitCount} calls. A length that is not a multiple of 8 bytes is zero-padded to whole words (the
 * padding XORs to zero and adds nothing to a distance). The word array is kept and reused between calls.
 */
final class PackedDescriptors {
    long[] words = new long[0];
    int wordsPerDescriptor;
    int size;

    /** Repacks {@code descriptors}, growing the word array only when it is too small. */
    void pack(Descriptors descriptors) {
        int bytes = descriptors.bytesPerDescriptor;
        size = descriptors.size();
        wordsPerDescriptor = (bytes + 7) / 8;
        if (bytes % 8 == 0) {
            words = descriptors.toWords(words);
            return;
        }
        int total = size * wordsPerDescriptor;
        if (words.length < total)
            words = new long[total];
        byte[] data = descriptors.data;
        for (int i = 0; i < size; i++) {
            int src = i * bytes, dst = i * wordsPerDescriptor;
            for (int w = 0; w < wordsPerDescriptor; w++) {
                long word = 0;
                int end = Math.min(8, bytes - 8 * w);
                for (int b = 0; b < end; b++)
                    word |= (data[src + 8 * w + b] & 0xFFL) << (8 * b);
                words[dst + w] = word;
            }
        }
    }
}
