package gemini

import "github.com/hookwarden/hookwarden/hooks"

// Name is Hook.Agent of a Gemini CLI hook (and Info().Name).
const Name hooks.Agent = "gemini"
