"""gpuvo_node on a recording: plays a rosbag2 bag with its clock and runs the node on simulated time.

    ros2 launch gpuvo replay.launch.py bag:=kitti_06 mode:=stereo \
        left_image:=/kitti/left/image_rect right_image:=/kitti/right/image_rect \
        left_camera_info:=/kitti/left/camera_info right_camera_info:=/kitti/right/camera_info

`bag` empty (the default) starts only the node, for a `ros2 bag play --clock` run elsewhere. `mode` is mono, stereo
or rgbd; the topic arguments of the other modes are ignored. Parameters: config/replay.yaml (use_sim_time true).
"""
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument, ExecuteProcess
from launch.conditions import LaunchConfigurationNotEquals
from launch.substitutions import LaunchConfiguration, PathJoinSubstitution
from launch_ros.actions import Node
from launch_ros.substitutions import FindPackageShare


def generate_launch_description():
    arguments = [
        DeclareLaunchArgument('namespace', default_value='', description='namespace of the node and its topics'),
        DeclareLaunchArgument(
            'params_file',
            default_value=PathJoinSubstitution([FindPackageShare('gpuvo'), 'config', 'replay.yaml']),
            description='ROS 2 parameter file of the node'),
        DeclareLaunchArgument('use_sim_time', default_value='true', description='follow the bag\'s /clock'),
        DeclareLaunchArgument('mode', default_value='mono', description='mono, stereo or rgbd'),
        DeclareLaunchArgument('bag', default_value='', description='rosbag2 folder or file to play; empty: none'),
        DeclareLaunchArgument('rate', default_value='1.0', description='playback rate of the bag'),
        DeclareLaunchArgument('image', default_value='image', description='mono: camera images'),
        DeclareLaunchArgument('camera_info', default_value='camera_info', description='mono: the calibration'),
        DeclareLaunchArgument('left_image', default_value='left/image_rect', description='stereo: left images'),
        DeclareLaunchArgument('left_camera_info', default_value='left/camera_info', description='stereo'),
        DeclareLaunchArgument('right_image', default_value='right/image_rect', description='stereo: right images'),
        DeclareLaunchArgument('right_camera_info', default_value='right/camera_info', description='stereo'),
        DeclareLaunchArgument('rgb_image', default_value='rgb/image', description='rgbd: colour images'),
        DeclareLaunchArgument('rgb_camera_info', default_value='rgb/camera_info', description='rgbd'),
        DeclareLaunchArgument('depth_image', default_value='depth/image', description='rgbd: registered depth'),
        DeclareLaunchArgument('odom', default_value='odom', description='odometry output (nav_msgs/Odometry)'),
    ]
    play = ExecuteProcess(
        cmd=['ros2', 'bag', 'play', LaunchConfiguration('bag'), '--rate', LaunchConfiguration('rate'), '--clock'],
        condition=LaunchConfigurationNotEquals('bag', ''),
        output='screen',
    )
    node = Node(
        package='gpuvo',
        executable='gpuvo_node',
        name='vo',
        namespace=LaunchConfiguration('namespace'),
        parameters=[LaunchConfiguration('params_file'),
                    {'mode': LaunchConfiguration('mode'), 'use_sim_time': LaunchConfiguration('use_sim_time')}],
        remappings=[
            ('image', LaunchConfiguration('image')),
            ('camera_info', LaunchConfiguration('camera_info')),
            ('left/image_rect', LaunchConfiguration('left_image')),
            ('left/camera_info', LaunchConfiguration('left_camera_info')),
            ('right/image_rect', LaunchConfiguration('right_image')),
            ('right/camera_info', LaunchConfiguration('right_camera_info')),
            ('rgb/image', LaunchConfiguration('rgb_image')),
            ('rgb/camera_info', LaunchConfiguration('rgb_camera_info')),
            ('depth/image', LaunchConfiguration('depth_image')),
            ('odom', LaunchConfiguration('odom')),
        ],
        output='screen',
    )
    return LaunchDescription(arguments + [node, play])
