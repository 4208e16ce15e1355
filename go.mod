module github.com/mergeplay/mergeplay

go 1.26

require (
	github.com/goccy/go-yaml v1.19.2
	github.com/sergi/go-diff v1.4.0
)
