"""Stereo visual odometry: gpuvo_node on a rectified (or calibrated) stereo pair.

    ros2 launch gpuvo stereo.launch.py left_image:=/stereo/left/image_rect right_image:=/stereo/right/image_rect \
        left_camera_info:=/stereo/left/camera_info right_camera_info:=/stereo/right/camera_info

Subscribes to `left/image_rect`, `right/image_rect` and their `camera_info`; publishes `odom`, `pose`, `path` and
/tf (odom -> base_link) with metric scale. Parameters: config/stereo.yaml (params_file:=... for another file).
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
            default_value=PathJoinSubstitution([FindPackageShare('gpuvo'), 'config', 'stereo.yaml']),
            description='ROS 2 parameter file of the node'),
        DeclareLaunchArgument('use_sim_time', default_value='false', description='follow /clock'),
        DeclareLaunchArgument('left_image', default_value='left/image_rect', description='left camera images'),
        DeclareLaunchArgument('left_camera_info', default_value='left/camera_info', description='left calibration'),
        DeclareLaunchArgument('right_image', default_value='right/image_rect', description='right camera images'),
        DeclareLaunchArgument('right_camera_info', default_value='right/camera_info', description='right calibration'),
        DeclareLaunchArgument('odom', default_value='odom', description='odometry output (nav_msgs/Odometry)'),
    ]
    node = Node(
        package='gpuvo',
        executable='gpuvo_node',
        name='vo',
        namespace=LaunchConfiguration('namespace'),
        parameters=[LaunchConfiguration('params_file'),
                    {'mode': 'stereo', 'use_sim_time': LaunchConfiguration('use_sim_time')}],
        remappings=[
            ('left/image_rect', LaunchConfiguration('left_image')),
            ('left/camera_info', LaunchConfiguration('left_camera_info')),
            ('right/image_rect', LaunchConfiguration('right_image')),
            ('right/camera_info', LaunchConfiguration('right_camera_info')),
            ('odom', LaunchConfiguration('odom')),
        ],
        output='screen',
    )
    return LaunchDescription(arguments + [node])
