package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.RandomImages;

/**
 * Writes the inputs of one ORB frame (image, level table, launch sizes) and the CPU reference's result for
 * {@code src/test/cuda-emulation/orb_emulation.cpp}, which runs the real kernel sources on host threads and
 * compares. A way to check kernel logic on a machine without a GPU; see {@code src/test/cuda-emulation/run.sh}.
 *
 * <pre>usage: OrbEmulationExport noise|blocks WIDTH HEIGHT MAX_FEATURES RETAIN_BEST|GRID CELL DIR [LEVELS]
 *        (-Ddescribe=1: random keypoints through describe() instead of detect())</pre>
 */
public class OrbEmulationExport {
    public static void main(String[] a) throws Exception {
        String kind = a[0]; int w = Integer.parseInt(a[1]), h = Integer.parseInt(a[2]);
        int n = Integer.parseInt(a[3]); String dist = a[4]; int cell = Integer.parseInt(a[5]); Path dir = Path.of(a[6]);
        GrayImage img = kind.endsWith(".png") ? org.gpuvo.gpu.image.ImageFiles.readGray(java.nio.file.Path.of(kind)) : kind.equals("noise") ? RandomImages.noise(w, h, 1) : RandomImages.blocks(w, h, w * h / 400, 2);
        ConfigOrb c = new ConfigOrb(n);
        c.distribution = ConfigOrb.Distribution.valueOf(dist);
        c.gridCellSize = cell;
        if (a.length > 7) c.levels = Integer.parseInt(a[7]);
        int[] quota = OrbLimits.featuresPerLevel(c);
        OrbLevelTable t = new OrbLevelTable(c, quota, w, h, new int[32]);
        Files.write(dir.resolve("image.bin"), img.packed().data);
        Files.write(dir.resolve("table.bin"), t.write());
        int cap = n + n / 4 + 256;
        Files.writeString(dir.resolve("meta.txt"), w + " " + h + " " + t.count + " " + t.detectCount + " " + t.fastTiles()
                + " " + t.candidateTotal + " " + t.scratchInts + " " + t.pyramidBytes + " " + cap + " "
                + (dist.equals("GRID") ? 1 : 0) + " " + cell + " " + c.fastThreshold + " " + c.edgeThreshold + " "
                + t.largestCandCap() + " " + t.smoothTiles(t.detectCount) + "\n");

        OrbFeatures out = new OrbFeatures();
        int built = t.detectCount;
        if (System.getProperty("describe") != null) {
            java.util.Random r = new java.util.Random(3);
            KeyPoints kp = new KeyPoints();
            for (int i = 0; i < 400; i++)
                kp.add(31 + r.nextFloat() * (w - 62), 31 + r.nextFloat() * (h - 62), r.nextInt(20), 31, 720 * r.nextFloat() - 180, r.nextFloat());
            try (OrbExtractor cpu = FactoryOrb.cpu(c)) { cpu.describe(img, kp, out.descriptors); }
            for (int i = 0; i < kp.size(); i++) out.keyPoints.addFrom(kp, i);
            int maxLevel = 0;
            for (int i = 0; i < kp.size(); i++) maxLevel = Math.max(maxLevel, kp.level[i]);
            built = maxLevel + 1;
        } else {
            try (OrbExtractor cpu = FactoryOrb.cpu(c)) { cpu.detect(img, out); }
        }
        ByteBuffer b = ByteBuffer.allocate(4 + out.size() * (20 + 32)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(out.size());
        for (int i = 0; i < out.size(); i++) {
            b.putFloat(out.keyPoints.x[i]); b.putFloat(out.keyPoints.y[i]); b.putInt(out.keyPoints.level[i]);
            b.putFloat(out.keyPoints.angle[i]); b.putFloat(out.keyPoints.response[i]);
        }
        b.put(out.descriptors.data, 0, out.size() * 32);
        Files.write(dir.resolve("cpu.bin"), b.array());
        Files.writeString(dir.resolve("meta2.txt"), built + " " + t.smoothTiles(Math.min(built, t.count)) + "\n");
    }
}
