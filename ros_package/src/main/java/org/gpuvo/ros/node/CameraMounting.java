package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.TFMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the camera sits on the robot, and so how the camera's motion becomes the base's. The pipeline estimates the
 * camera's pose {@code C} in the frame of its first view; with the camera's pose {@code M} in the base frame, the
 * base's pose in the odometry frame (the base at the first frame) is {@code M C M⁻¹}. {@code M} is a parameter, or
 * looked up on /tf_static; until it is known the identity is used (the base taken to be the camera) with a
 * one-time warning. Thread-safe.
 */
final class CameraMounting {
    private static final Logger LOG = LoggerFactory.getLogger("org.gpuvo.ros.node");

    /** Where the mounting in use came from. */
    enum Source { PARAMETER, TF_STATIC, UNKNOWN }

    private final Se3_F64 parameter;
    private final String baseFrame, cameraFrame;
    private final StaticTransforms tfStatic = new StaticTransforms();
    private Source source;
    private boolean warnedUnknown;

    /**
     * @param parameter   the camera's pose in the base frame, or null to look it up on /tf_static
     * @param cameraFrame the camera's frame for the lookup; empty to take the images' frame id
     */
    CameraMounting(Se3_F64 parameter, String baseFrame, String cameraFrame) {
        this.parameter = parameter == null ? null : parameter.copy();
        this.baseFrame = baseFrame;
        this.cameraFrame = cameraFrame;
        this.source = parameter != null ? Source.PARAMETER : Source.UNKNOWN;
    }

    /** Takes the transforms of a /tf_static message. */
    void addStatic(TFMessage message) {
        tfStatic.add(message);
    }

    synchronized Source source() {
        return source;
    }

    /**
     * The base's pose in the odometry frame for the camera pose {@code cameraToWorld} of an image of frame
     * {@code imageFrame}.
     */
    Se3_F64 basePose(Se3_F64 cameraToWorld, String imageFrame) {
        Se3_F64 m = cameraInBase(imageFrame);
        if (m == null)
            return cameraToWorld.copy(); // the identity mounting: exactly the camera's pose
        // apply M⁻¹ (base → camera), then C, then M (camera → base)
        Se3_F64 tmp = m.invert(null).concat(cameraToWorld, null);
        return tmp.concat(m, null);
    }

    /** The camera's pose in the base frame, or null while it is not known. */
    synchronized Se3_F64 cameraInBase(String imageFrame) {
        if (parameter != null)
            return parameter;
        String camera = cameraFrame.isEmpty() ? imageFrame : cameraFrame;
        Se3_F64 found = camera == null || camera.isEmpty() ? null : tfStatic.lookup(baseFrame, camera);
        if (found == null) {
            if (!warnedUnknown) {
                warnedUnknown = true;
                LOG.warn("the camera's mounting ({} → {}) is not known: no parameter gives it and /tf_static has not "
                        + "joined the frames; the base is taken to be the camera until it is", baseFrame,
                        camera == null || camera.isEmpty() ? "(no camera frame id)" : camera);
            }
            return null;
        }
        if (source != Source.TF_STATIC) {
            source = Source.TF_STATIC;
            LOG.info("the camera's mounting {} → {} found on /tf_static: {}", baseFrame, camera,
                    PoseMessages.transform(found));
        }
        return found;
    }
}
