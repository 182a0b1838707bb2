package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;

/** Runs visual odometry over a {@link Sequence}, frame by frame. */
public final class SequenceOdometry {
    private SequenceOdometry() {
    }

    /**
     * Runs a pipeline of {@code config} over every frame of {@code sequence}, keeping the whole history whatever
     * {@link ConfigVisualOdometry#historyFrames} says. The trajectory holds every frame that
     * has a pose ({@link FrameResult#hasPose()}): all but those a monocular initialisation waited through and could
     * not place afterwards.
     *
     * @param progress told about each frame as it is done (may be null)
     * @throws IllegalArgumentException if the sequence lacks what the mode needs (right images, depth)
     */
    public static SequenceRun run(Sequence sequence, ConfigVisualOdometry config, Consumer<FrameResult> progress) {
        if (config.historyFrames != 0) {
            // a run's outputs (the refined trajectory, the cloud of every point) need its whole history
            config = config.copy();
            config.historyFrames = 0;
        }
        StereoCalibration stereo = null;
        if (config.mode == VoMode.STEREO) {
            if (!sequence.hasRight())
                throw new IllegalArgumentException(sequence.name() + " has no right images: stereo mode needs them");
            stereo = sequence.stereo().orElseThrow();
        }
        if (config.mode == VoMode.RGBD && !sequence.hasDepth())
            throw new IllegalArgumentException(sequence.name() + " has no depth images: RGB-D mode needs them");
        Trajectory trajectory = new Trajectory();
        List<FrameResult> frames = new ArrayList<>(sequence.size());
        List<MappingRecord> mapping = new ArrayList<>();
        BitSet placed = new BitSet();
        try (VisualOdometry vo = FactoryVisualOdometry.create(config, sequence.camera(), stereo)) {
            for (int i = 0; i < sequence.size(); i++) {
                FrameResult r = vo.process(sequence.timestamp(i), sequence.left(i),
                        config.mode == VoMode.STEREO ? sequence.right(i) : null,
                        config.mode == VoMode.RGBD ? sequence.depth(i) : null);
                frames.add(r);
                for (PlacedFrame p : vo.takePlacedFrames()) {
                    frames.set(p.frame(), frames.get(p.frame()).placedAt(p.cameraToWorld()));
                    placed.set(p.frame());
                }
                mapping.addAll(vo.takeMappingRecords());
                if (progress != null)
                    progress.accept(r);
            }
            PointCloud cloud = vo.pointCloud();
            mapping.addAll(vo.takeMappingRecords());
            // frames a monocular initialisation could not place have no pose: evaluation pairs what exists
            List<Se3_F64> refinedPoses = vo.refinedPoses();
            Trajectory refined = new Trajectory();
            for (int i = 0; i < frames.size(); i++) {
                FrameResult f = frames.get(i);
                if (!f.hasPose())
                    continue;
                trajectory.add(f.timestamp, f.cameraToWorld);
                refined.add(f.timestamp, placed.get(i) ? f.cameraToWorld : refinedPoses.get(i));
            }
            return new SequenceRun(sequence.name(), config.mode, vo.backend(), vo.cpuFallbackFrame(), config.features,
                    trajectory, frames, cloud, mapping, refined);
        }
    }
}
