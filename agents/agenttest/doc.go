// Package agenttest holds test helpers shared by the agent packages:
// FactsCoverLayers checks an agent's Facts against the files it reads.
package agenttest
