// bindery-lint: checks spec files and binding definitions; see BinderyLintCommand.
import BinderyLint

BinderyLintCommand.main()
