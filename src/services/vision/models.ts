/**
 * Which models accept images, by provider and model name (as of 2025):
 * - anthropic: every Claude 3 and later model (`claude-3…`, `claude-…-4…`);
 *   not `claude-2…` or `claude-instant…`;
 * - openai and OpenAI-compatible servers: GPT-4o / 4.1 / 4.5 / 5, `gpt-4-turbo`,
 *   `chatgpt-4o`, `o1` (not `o1-mini`), `o3`, `o4-mini`; and open models whose
 *   name says vision: `vision`, `-vl`, `llava`, `pixtral`, `gemma3`,
 *   `gemini`, `minicpm-v`, `moondream`;
 * - scripted (tests): by the same name rules, so a test picks a model name;
 * - offline and anything else: no.
 * Pure. An unknown name answers no: better a run without images than a
 * request the provider rejects.
 */
const openModels = /vision|[-_]vl\b|llava|pixtral|gemma-?3|gemini|minicpm-v|moondream/i
const openAiVision = /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-4-turbo|chatgpt-4o|o3|o4-mini)|^o1(?!-mini)/i
const claudeVision = /^claude-(?!2|instant)/i

export const supportsImages = (provider: string, model: string): boolean => {
  const name = model.trim()
  switch (provider) {
    case "anthropic":
      return claudeVision.test(name)
    case "openai":
      return openAiVision.test(name) || openModels.test(name)
    case "scripted":
      return claudeVision.test(name) || openAiVision.test(name) || openModels.test(name)
    // `provider` is any model's free-form name, not a tag: an unknown provider is not assumed to see images.
    default:
      return false
  }
}
