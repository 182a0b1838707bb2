"""Monocular visual odometry: gpuvo_node on one camera.

    ros2 launch gpuvo vo.launch.py image:=/camera/image_raw camera_info:=/camera/camera_info

Subscribes to `image` (sensor_msgs/Image) and `camera_info`; publishes `odom`, `pose`, `path` and /tf
(odom -> base_link). Parameters: config/vo.yaml (params_file:=... for another file).
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
            default_value=PathJoinSubstitution([FindPackageShare('gpuvo'), 'config', 'vo.yaml']),
            description='ROS 2 parameter file of the node'),
        DeclareLaunchArgument('use_sim_time', default_value='false', description='follow /clock'),
        DeclareLaunchArgument('image', default_value='image', description='camera images (sensor_msgs/Image)'),
        DeclareLaunchArgument('camera_info', default_value='camera_info', description='the camera calibration'),
        DeclareLaunchArgument('odom', default_value='odom', description='odometry output (nav_msgs/Odometry)'),
    ]
    node = Node(
        package='gpuvo',
        executable='gpuvo_node',
        name='vo',
        namespace=LaunchConfiguration('namespace'),
        parameters=[LaunchConfiguration('params_file'),
                    {'mode': 'mono', 'use_sim_time': LaunchConfiguration('use_sim_time')}],
        remappings=[
            ('image', LaunchConfiguration('image')),
            ('camera_info', LaunchConfiguration('camera_info')),
            ('odom', LaunchConfiguration('odom')),
        ],
        output='screen',
    )
    return LaunchDescription(arguments + [node])
