"""RGB-D visual odometry: gpuvo_node on a colour camera and a depth image registered to it.

    ros2 launch gpuvo rgbd.launch.py rgb_image:=/camera/color/image_raw \
        rgb_camera_info:=/camera/color/camera_info depth_image:=/camera/aligned_depth_to_color/image_raw

Subscribes to `rgb/image`, `rgb/camera_info` and `depth/image` (16UC1 in depth.scale units, or 32FC1 metres);
publishes `odom`, `pose`, `path` and /tf (odom -> base_link) with metric scale. Parameters: config/rgbd.yaml.
"""
from launch import LaunchDescription
from launch.actions import DeclareLaunchArgument
from launch.substitutions import LaunchConfiguration, PathJoinSubstitution
from launch_ros.actions import Node
from launch_ros.substitutions import FindPackageShare


def generate_launch_description():
    arguments = [
        DeclareLaunchArgument('namespace', default_value='', description='namespace of the node and its topics'),
        DeclareLaunchArgument(
            'params_file',
            default_value=PathJoinSubstitution([FindPackageShare('gpuvo'), 'config', 'rgbd.yaml']),
            description='ROS 2 parameter file of the node'),
        DeclareLaunchArgument('use_sim_time', default_value='false', description='follow /clock'),
        DeclareLaunchArgument('rgb_image', default_value='rgb/image', description='colour images'),
        DeclareLaunchArgument('rgb_camera_info', default_value='rgb/camera_info', description='colour calibration'),
        DeclareLaunchArgument('depth_image', default_value='depth/image', description='registered depth images'),
        DeclareLaunchArgument('odom', default_value='odom', description='odometry output (nav_msgs/Odometry)'),
    ]
    node = Node(
        package='gpuvo',
        executable='gpuvo_node',
        name='vo',
        namespace=LaunchConfiguration('namespace'),
        parameters=[LaunchConfiguration('params_file'),
                    {'mode': 'rgbd', 'use_sim_time': LaunchConfiguration('use_sim_time')}],
        remappings=[
            ('rgb/image', LaunchConfiguration('rgb_image')),
            ('rgb/camera_info', LaunchConfiguration('rgb_camera_info')),
            ('depth/image', LaunchConfiguration('depth_image')),
            ('odom', LaunchConfiguration('odom')),
        ],
        output='screen',
    )
    return LaunchDescription(arguments + [node])
