// The linter's rules: the ones the code already keeps, written down so a change cannot drift
// from them. Fast rules only (no type information), so `npm test` pays a few seconds for them.
import js from "@eslint/js"
import tseslint from "typescript-eslint"

export default tseslint.config(
  // TypeScript only: the .js/.mjs files are program fixtures (Lua and JavaScript cases) and small
  // scripts run by node.
  { ignores: ["dist/", "node_modules/", ".scratch/", "**/*.js", "**/*.mjs", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.mts"],
    rules: {
      // A line is read without scrolling; long strings and patterns may run on.
      "max-len": ["error", { code: 180, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
      // Types are imported as types (the build uses verbatimModuleSyntax).
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // Type plumbing may default to `{}` ("no tools") and declare a companion namespace of types.
      "@typescript-eslint/no-empty-object-type": ["error", { allowObjectTypes: "always", allowInterfaces: "always" }],
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      // Resumable function bodies are generators whether or not this one yields.
      "require-yield": "off",
      "no-duplicate-imports": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": ["error", { destructuring: "all", ignoreReadBeforeAssign: true }],
      "no-var": "error",
      // Unused code is removed, except arguments named `_x` kept for a signature.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // The interpreters deliberately use these: control flow by labelled loops, `this` aliases
      // in closures over engine state, empty catch blocks where a failure is the answer.
      "no-labels": "off",
      "no-constant-condition": ["error", { checkLoops: false }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      "@typescript-eslint/no-this-alias": "off",
      "no-control-regex": "off",
      "no-fallthrough": "error",
    },
  },
  {
    // Tests and benchmarks build hostile and odd values on purpose.
    files: ["test/**/*.ts", "perf/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-expressions": "off",
      "no-sparse-arrays": "off",
      "no-loss-of-precision": "off",
    },
  },
)
