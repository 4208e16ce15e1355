// Package helm is two of a history's writers, helm install and helm upgrade under Helm 3
// (helm3) and Helm 4 (helm4). Draft: the facts are stated once observed.
package helm
