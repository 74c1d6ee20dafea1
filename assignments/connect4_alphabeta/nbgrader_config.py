"""nbgrader's settings for this assignment's course folder (this folder): see README.md."""
c = get_config()  # noqa: F821 (nbgrader's config loader defines it)

c.CourseDirectory.course_id = "qsearch"
c.CourseDirectory.root = "."
# a student's search is given this long per cell (check_search bounds each run by counting)
c.ExecutePreprocessor.timeout = 120
