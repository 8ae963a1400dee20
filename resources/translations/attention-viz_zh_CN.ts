<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AttentionModel</name>
    <message>
        <location filename="../../app/model/attention_model.cpp" line="118"/>
        <source>not enough memory for these sizes; the previous result stays</source>
        <translation>内存不足以计算这些尺寸；保留上一次的结果</translation>
    </message>
</context>
<context>
    <name>CaptionLine</name>
    <message>
        <location filename="../../app/widgets/caption_line.cpp" line="51"/>
        <source>the comparison</source>
        <translation>对比方式</translation>
    </message>
    <message>
        <location filename="../../app/widgets/caption_line.cpp" line="51"/>
        <source>%1, the comparison</source>
        <translation>%1，对比方式</translation>
    </message>
    <message>
        <location filename="../../app/widgets/caption_line.cpp" line="52"/>
        <source>&lt;i&gt;Changed from the example: %1. Its caption spoke of the example&apos;s settings and is hidden; the numbers below are the current ones. Page Up/Down or the Lecture menu bring the example back.&lt;/i&gt;</source>
        <translation>&lt;i&gt;与示例相比已改动：%1。示例的说明针对示例的设置，因此已隐藏；下面的数字是当前设置的。Page Up/Down 或“讲义”菜单可恢复示例。&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>ColorMaps</name>
    <message>
        <location filename="../../app/model/color_map_names.cpp" line="17"/>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <location filename="../../app/model/color_map_names.cpp" line="19"/>
        <source>Cividis (colour-blind safe)</source>
        <translation>Cividis（色盲友好）</translation>
    </message>
    <message>
        <location filename="../../app/model/color_map_names.cpp" line="21"/>
        <source>Magma</source>
        <translation>Magma</translation>
    </message>
    <message>
        <location filename="../../app/model/color_map_names.cpp" line="23"/>
        <source>Grayscale (white = 0, for print)</source>
        <translation>灰度（白 = 0，适合打印）</translation>
    </message>
    <message>
        <location filename="../../app/model/color_map_names.cpp" line="25"/>
        <source>Cool-warm (diverging, for scores)</source>
        <translation>冷暖（发散型，用于分数）</translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="208"/>
        <source>Q, K, V</source>
        <translation>Q、K、V</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="212"/>
        <source>Where Q, K and V come from: projections of a sequence X (Q = X·W_q, K = X·W_k, V = X·W_v) or drawn directly with torch.randn.</source>
        <translation>Q、K、V 的来源：由序列 X 线性投影得到（Q = X·W_q，K = X·W_k，V = X·W_v），或直接用 torch.randn 生成。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="214"/>
        <source>Projection from X</source>
        <translation>由 X 投影</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="215"/>
        <source>Direct Q, K, V</source>
        <translation>直接生成 Q、K、V</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="216"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="219"/>
        <source>Width d_k of queries and keys, in powers of two from 1 to 1024; larger d_k makes raw scores spread wider (their variance grows in proportion to d_k: the strip below gives the expected and the sampled one).</source>
        <translation>查询和键的维度 d_k，取 1 到 1024 之间的 2 的幂；d_k 越大，原始分数越分散（方差与 d_k 成正比：下方说明栏给出期望方差和样本方差）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="224"/>
        <source>d_k: any width from 1 to 1024.</source>
        <translation>d_k：1 到 1024 之间的任意维度。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="226"/>
        <source>d_k</source>
        <translation>d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="228"/>
        <source>Number of queries L (rows of the heatmap), from 1 to 4096.</source>
        <translation>查询个数 L（热力图的行），1 到 4096。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="230"/>
        <source>Number of queries L.</source>
        <translation>查询个数 L。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="232"/>
        <source>Queries L</source>
        <translation>查询数 L</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="234"/>
        <source>Number of keys S (columns of the heatmap), from 1 to 4096.</source>
        <translation>键的个数 S（热力图的列），1 到 4096。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="236"/>
        <source>Number of keys S.</source>
        <translation>键的个数 S。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="238"/>
        <source>Keys S</source>
        <translation>键数 S</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="240"/>
        <source>Off: self-attention, keys and values come from the same sequence as the queries, so S = L. On: they come from a second sequence Y with its own length S.</source>
        <translation>关闭：自注意力，键和值与查询来自同一序列，所以 S = L。开启：键和值来自第二个序列 Y，长度 S 可以不同。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="244"/>
        <source>Width d_model of the input sequence X (projection only).</source>
        <translation>输入序列 X 的维度 d_model（仅投影模式）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="246"/>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="248"/>
        <source>Heads h: 1 is one head as above. More: the heads of nn.MultiheadAttention(d_model, h, bias=False), drawn as PyTorch draws them after torch.manual_seed(seed), each of d_k = d_v = d_model / h; the heatmap shows one head (the element box picks it) and View &gt; Heads shows them all with their average.</source>
        <translation>头数 h：1 是上面的单头。更多：nn.MultiheadAttention(d_model, h, bias=False) 的各个头，按 PyTorch 在 torch.manual_seed(seed) 之后的方式抽取，每个头 d_k = d_v = d_model / h；热力图显示一个头（由元素框选择），视图 &gt; 头 显示全部头及其平均。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="252"/>
        <source>Heads h</source>
        <translation>头数 h</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="254"/>
        <source>How W_q, W_k and W_v are drawn (projection only). randn: the lecture&apos;s, Var(q·k) = d_k·d_model². randn / √d_model: Var(q·k) = d_k. nn.Linear: PyTorch&apos;s default for nn.Linear(d_model, d, bias=False), uniform with bound 1/√d_model, Var(q·k) = d_k / 9; the same numbers PyTorch draws.</source>
        <translation>W_q、W_k、W_v 的抽取方式（仅投影模式）。randn：讲义的做法，Var(q·k) = d_k·d_model²。randn / √d_model：Var(q·k) = d_k。nn.Linear：PyTorch 中 nn.Linear(d_model, d, bias=False) 的默认初始化，界为 1/√d_model 的均匀分布，Var(q·k) = d_k / 9；与 PyTorch 抽出的数完全相同。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="258"/>
        <source>randn (the lecture&apos;s)</source>
        <translation>randn（讲义的做法）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="259"/>
        <source>randn / √d_model</source>
        <translation>randn / √d_model</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="260"/>
        <source>nn.Linear&apos;s default</source>
        <translation>nn.Linear 的默认初始化</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="263"/>
        <source>Scale σ of the inputs: X = σ·randn in projection mode, Q and K = σ·randn in direct mode. The scores&apos; variance grows like σ⁴.</source>
        <translation>输入的尺度 σ：投影模式下 X = σ·randn，直接模式下 Q、K = σ·randn。分数的方差按 σ⁴ 增长。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="269"/>
        <source>Input scale σ</source>
        <translation>输入尺度 σ</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="270"/>
        <source>Width d_v of the values, and so of the output.</source>
        <translation>值的维度 d_v，也就是输出的维度。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="272"/>
        <source>= d_k</source>
        <translation>= d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="272"/>
        <source>Keep d_v equal to d_k, as the lecture does.</source>
        <translation>让 d_v 等于 d_k，与讲义一致。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="274"/>
        <source>d_v</source>
        <translation>d_v</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="277"/>
        <source>torch.manual_seed(seed) before drawing: the same seed gives the same tensors as PyTorch.</source>
        <translation>生成前调用 torch.manual_seed(seed)：同一种子得到与 PyTorch 完全相同的张量。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="279"/>
        <source>New</source>
        <translation>换一个</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="279"/>
        <source>Draw with a new random seed.</source>
        <translation>用一个新的随机种子重新生成。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="280"/>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="283"/>
        <source>Type a sentence to put its words on the axes (L = S = number of words). In projection mode each distinct word has its own embedding, so repeated words give identical rows and columns.</source>
        <translation>输入一句话，把它的词放到坐标轴上（L = S = 词数）。投影模式下每个不同的词有自己的嵌入向量，所以重复的词给出完全相同的行和列。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="285"/>
        <source>e.g. the cat sat on the mat</source>
        <translation>例如：我 爱 你 ， 你 爱 我</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="287"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="288"/>
        <source>Add position encodings</source>
        <translation>加上位置编码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="289"/>
        <source>Add sinusoidal position encodings to the word embeddings, so that repeated words are no longer identical.</source>
        <translation>给词嵌入加上正弦位置编码，这样重复的词就不再完全相同。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="293"/>
        <source>Batch size B: how many independent sequences are drawn.</source>
        <translation>批大小 B：生成多少个独立的序列。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="295"/>
        <source>Which batch element the heatmap shows.</source>
        <translation>热力图显示批中的第几个元素。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="296"/>
        <source>Batch B</source>
        <translation>批大小 B</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="297"/>
        <source>Showing element</source>
        <translation>显示第几个</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="303"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="306"/>
        <source>How a query and a key are scored: the scaled dot product q·k, or Bahdanau&apos;s additive score v·tanh(q·W₁ + k·W₂) with H hidden units (W₁, W₂, v drawn after everything else; not scaled: tanh keeps it bounded whatever d_k is).</source>
        <translation>查询和键的打分方式：缩放点积 q·k，或 Bahdanau 的加性分数 v·tanh(q·W₁ + k·W₂)，隐层有 H 个单元（W₁、W₂、v 在其余张量之后抽取；不缩放：无论 d_k 多大，tanh 都让它有界）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="309"/>
        <source>dot product q·k</source>
        <translation>点积 q·k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="310"/>
        <source>additive v·tanh(q·W₁ + k·W₂)</source>
        <translation>加性 v·tanh(q·W₁ + k·W₂)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="311"/>
        <source>Score</source>
        <translation>打分</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="312"/>
        <source>Additive attention&apos;s hidden units H: W₁ and W₂ are d_k × H, v has H entries.</source>
        <translation>加性注意力的隐层单元数 H：W₁ 和 W₂ 是 d_k × H，v 有 H 个元素。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="316"/>
        <source>Hidden units H</source>
        <translation>隐层单元 H</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="317"/>
        <source>Divide by √d_k</source>
        <translation>除以 √d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="318"/>
        <source>Scale the scores by 1/√d_k before the softmax, which divides their variance by d_k: back to 1 for unit-variance Q and K (direct mode); with the projection&apos;s randn weights it is d_model² (the strip below gives the expected and the sampled variance).</source>
        <translation>在 softmax 之前把分数乘以 1/√d_k，方差随之除以 d_k：Q、K 为单位方差时（直接生成模式）回到 1；用 randn 权重投影时为 d_model²（下方说明栏给出期望方差和样本方差）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="323"/>
        <source>Custom factor</source>
        <translation>自定义系数</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="323"/>
        <source>Multiply the scores by this factor instead (1/temperature).</source>
        <translation>改为把分数乘以这个系数（1/温度）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="324"/>
        <source>The factor the scores are multiplied by.</source>
        <translation>分数所乘的系数。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="337"/>
        <source>Scaling</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="338"/>
        <source>Softmax over keys (dim −1)</source>
        <translation>沿键维 softmax（dim −1）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="339"/>
        <source>Each query&apos;s weights over the keys sum to 1: the correct attention.</source>
        <translation>每个查询在各键上的权重和为 1：正确的注意力。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="340"/>
        <source>Softmax over queries (dim −2)</source>
        <translation>沿查询维 softmax（dim −2）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="341"/>
        <source>Each key&apos;s weights over the queries sum to 1: the lecture&apos;s mistake; rows no longer sum to 1.</source>
        <translation>每个键在各查询上的权重和为 1：讲义练习中的错误写法，各行不再和为 1。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="350"/>
        <source>No mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="351"/>
        <source>Causal</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="352"/>
        <source>Padding</source>
        <translation>填充掩码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="354"/>
        <source>How many keys at the end are padding and masked.</source>
        <translation>末尾有多少个键是填充位并被屏蔽。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="357"/>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="372"/>
        <source>Mask reads</source>
        <translation>掩码含义</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="378"/>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="381"/>
        <source>What the heatmap shows: the weights after softmax, the raw scores Q·Kᵀ, or the scaled logits that go into the softmax.</source>
        <translation>热力图显示的内容：softmax 之后的权重、原始分数 Q·Kᵀ，或送入 softmax 的缩放后分数。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="261"/>
        <location filename="../../app/widgets/controls_panel.cpp" line="383"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="239"/>
        <location filename="../../app/widgets/controls_panel.cpp" line="674"/>
        <source>Cross-attention (keys from Y)</source>
        <translation>交叉注意力（键来自 Y）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="331"/>
        <source>How the scores become logits, with the wrong scales found in real code: none; ÷d_k, which scales too much; ÷√d_model (multi-head code dividing by the model&apos;s width instead of the head&apos;s); d_k^−¼ on q and on k (the same as ÷√d_k).</source>
        <translation>分数如何变成 logits，包括真实代码中出现过的错误缩放：不缩放；÷d_k，缩放过度；÷√d_model（多头代码用模型宽度而不是每个头的宽度去除）；q 和 k 各乘 d_k^−¼（与 ÷√d_k 相同）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="348"/>
        <source>Which keys a query may not see: none, the future (causal: key j &gt; query i), padding at the end, or any cells: with Custom, click a cell of the heatmap to mask it or unmask it.</source>
        <translation>查询不能看到哪些键：无、未来（因果：键 j &gt; 查询 i）、末尾的填充，或任意单元格：选“自定义”后点击热力图的单元格即可屏蔽或取消屏蔽。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="353"/>
        <source>Custom (click cells)</source>
        <translation>自定义（点击单元格）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="355"/>
        <source>per b</source>
        <translation>逐 b</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="356"/>
        <source>Each batch element its own padding (pad:N1,N2,...): the number edits the shown element&apos;s (Batch index).</source>
        <translation>每个批次元素各自的填充（pad:N1,N2,...）：数字修改当前显示元素（批次索引）的填充。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="359"/>
        <source>What a masked logit becomes. −inf: a boolean mask (PyTorch gives NaN where a query sees no key; 0 here, with a warning). −1e9: the idiom scores.masked_fill(mask, -1e9), which gives such a query uniform weights instead, silently.</source>
        <translation>被屏蔽的 logit 变成什么。−inf：布尔掩码（某个查询看不到任何键时 PyTorch 给出 NaN；这里给 0 并警告）。−1e9：惯用写法 scores.masked_fill(mask, -1e9)，它会悄悄地让这样的查询得到均匀权重。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="362"/>
        <source>−inf</source>
        <translation>−inf</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="363"/>
        <source>−1e9 (masked_fill)</source>
        <translation>−1e9（masked_fill）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="365"/>
        <source>How the boolean mask reads (the hover and the explanation show it): F.scaled_dot_product_attention&apos;s attn_mask is True where a query takes part; nn.MultiheadAttention&apos;s key_padding_mask and attn_mask are True where it may not look. Handing one to the other without ~ inverts the mask.</source>
        <translation>布尔掩码如何解读（悬停和说明中显示）：F.scaled_dot_product_attention 的 attn_mask 中 True 表示查询参与注意力；nn.MultiheadAttention 的 key_padding_mask 和 attn_mask 中 True 表示不能看。不加 ~ 就把一个传给另一个，掩码就反了。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="368"/>
        <source>SDPA: True = take part</source>
        <translation>SDPA：True = 参与</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="369"/>
        <source>MHA: True = ignore</source>
        <translation>MHA：True = 屏蔽</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="371"/>
        <source>Masked</source>
        <translation>被屏蔽</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="384"/>
        <source>Raw scores Q·Kᵀ</source>
        <translation>原始分数 Q·Kᵀ</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="385"/>
        <source>Scaled logits</source>
        <translation>缩放后分数</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="386"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="387"/>
        <source>Colour map of the heatmap; cool-warm is centred on 0, for scores.</source>
        <translation>热力图的配色；冷暖配色以 0 为中心，适合分数。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="390"/>
        <source>Colours</source>
        <translation>配色</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="392"/>
        <source>Colour range for weights: always 0 to 1 (comparable between settings) or fitted to the data (shows small differences).</source>
        <translation>权重的颜色范围：固定为 0 到 1（便于在不同设置间比较），或按数据拟合（能看出细小差别）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="394"/>
        <source>Fixed 0 to 1</source>
        <translation>固定 0 到 1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="395"/>
        <source>Fit to data</source>
        <translation>按数据拟合</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="396"/>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="397"/>
        <source>Values in cells</source>
        <translation>格内显示数值</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="398"/>
        <source>Write each value into its cell when the matrix is small enough to read (up to 16 × 16).</source>
        <translation>矩阵足够小（不超过 16 × 16）时，在每个格子里写出数值。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="400"/>
        <source>Gradient panels</source>
        <translation>梯度面板</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="401"/>
        <source>Beside the entropy, the softmax&apos;s gradient at each row: the norm of its Jacobian diag(p) − p·pᵀ. A one-hot row has 0 (no gradient flows back through it), a uniform row √(S − 1)/S. Key G.</source>
        <translation>在熵的旁边显示每一行 softmax 的梯度：其雅可比矩阵 diag(p) − p·pᵀ 的范数。独热的行是 0（没有梯度能穿过它传回去），均匀的行是 √(S − 1)/S。快捷键 G。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="626"/>
        <source>Heads of nn.MultiheadAttention</source>
        <translation>nn.MultiheadAttention 的各头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="632"/>
        <source>Q, K and V of %1 heads: X = torch.randn(%2, %3, %4) projected by the in_proj_weight of nn.MultiheadAttention(%4, %1, bias=False) after torch.manual_seed(%5), each cut into heads of d_k = %6.</source>
        <translation>%1 个头的 Q、K、V：在 torch.manual_seed(%5) 之后，X = torch.randn(%2, %3, %4) 经 nn.MultiheadAttention(%4, %1, bias=False) 的 in_proj_weight 投影，再切成 d_k = %6 的头。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="642"/>
        <source>Files: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="649"/>
        <source>Q, K and V loaded from %1.</source>
        <translation>Q、K 和 V 载入自 %1。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="650"/>
        <source>Q and K loaded from %1; no V was given, so V = K.</source>
        <translation>Q 和 K 载入自 %1；没有给出 V，所以 V = K。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="656"/>
        <source>Where Q, K and V come from: projections of a sequence X (Q = X·W_q, K = X·W_k, V = X·W_v) or drawn directly with torch.randn; File &gt; Open attention data loads them.</source>
        <translation>Q、K、V 的来源：序列 X 的投影（Q = X·W_q，K = X·W_k，V = X·W_v），或直接用 torch.randn 抽取；“文件 &gt; 打开注意力数据”可从文件载入。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="674"/>
        <source>Own number of keys S</source>
        <translation>单独设置键数 S</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="703"/>
        <source> = %1 batch × %2 heads</source>
        <translation> = %1 批 × %2 个头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="705"/>
        <source> = batch %1, head %2</source>
        <translation> = 批次 %1，头 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="748"/>
        <source>1 (one head)</source>
        <translation>1（单头）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="748"/>
        <source>%1 (d_k = %2)</source>
        <translation>%1（d_k = %2）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="774"/>
        <source>Heads: %1</source>
        <translation>头数：%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="779"/>
        <source>Heads: nn.MultiheadAttention(%1, %2) over these tokens needs about %3 MiB, more than the %4 MiB allowed on this machine; reduce L or d_model</source>
        <translation>头数：nn.MultiheadAttention(%1, %2) 在这些词元上约需 %3 MiB，超过本机允许的 %4 MiB；请减小 L 或 d_model</translation>
    </message>
    <message>
        <location filename="../../app/widgets/controls_panel.cpp" line="796"/>
        <source>Divide by √d_k = %1</source>
        <translation>除以 √d_k = %1</translation>
    </message>
</context>
<context>
    <name>ExplanationText</name>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="35"/>
        <source>v·tanh(Q·W₁ + K·W₂) (additive, H = %1, not scaled)</source>
        <translation>v·tanh(Q·W₁ + K·W₂)（加性，H = %1，不缩放）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="38"/>
        <source>Q·Kᵀ / √%1 = Q·Kᵀ / %2</source>
        <translation>Q·Kᵀ / √%1 = Q·Kᵀ / %2</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="40"/>
        <source>Q·Kᵀ (not scaled)</source>
        <translation>Q·Kᵀ（未缩放）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="42"/>
        <source>Q·Kᵀ × %1</source>
        <translation>Q·Kᵀ × %1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="44"/>
        <source>Q·Kᵀ / d_k = Q·Kᵀ / %1</source>
        <translation>Q·Kᵀ / d_k = Q·Kᵀ / %1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="46"/>
        <source>Q·Kᵀ / √d_model = Q·Kᵀ / %1</source>
        <translation>Q·Kᵀ / √d_model = Q·Kᵀ / %1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="48"/>
        <source>(Q·%1^−¼)·(K·%1^−¼)ᵀ = Q·Kᵀ / %2</source>
        <translation>(Q·%1^−¼)·(K·%1^−¼)ᵀ = Q·Kᵀ / %2</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="55"/>
        <source>over keys (dim −1)</source>
        <translation>沿键维（dim −1）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="55"/>
        <source>over queries (dim −2)</source>
        <translation>沿查询维（dim −2）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="62"/>
        <source>, causal mask</source>
        <translation>，因果掩码</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="64"/>
        <source>, no key padded</source>
        <translation>，没有填充的键</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="66"/>
        <source>, last key masked</source>
        <translation>，屏蔽最后 1 个键</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="68"/>
        <source>, last %1 keys masked</source>
        <translation>，屏蔽最后 %1 个键</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="70"/>
        <source>, custom mask</source>
        <translation>，自定义掩码</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="72"/>
        <source>weights = softmax( %1 ) %2%3      out = weights · V</source>
        <translation>weights = softmax( %1 ) %2%3      out = weights · V</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="88"/>
        <source>   ·   element %1 = batch %2, head %3 (of %4 heads: element b·%4 + h)</source>
        <translation>   ·   元素 %1 = 批次 %2、头 %3（共 %4 个头：元素 b·%4 + h）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="99"/>
        <location filename="../../app/model/explanation_text.cpp" line="133"/>
        <source>(L, S)</source>
        <translation>(L, S)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="99"/>
        <location filename="../../app/model/explanation_text.cpp" line="133"/>
        <source>(B, 1, S)</source>
        <translation>(B, 1, S)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="99"/>
        <location filename="../../app/model/explanation_text.cpp" line="133"/>
        <source>(B, S)</source>
        <translation>(B, S)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="101"/>
        <source>   ·   mask m %1, True = take part: scores.masked_fill(~m, -1e9)</source>
        <translation>   ·   掩码 m %1，True = 参与：scores.masked_fill(~m, -1e9)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="102"/>
        <source>   ·   mask m %1, True = ignore: scores.masked_fill(m, -1e9)</source>
        <translation>   ·   掩码 m %1，True = 屏蔽：scores.masked_fill(m, -1e9)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="104"/>
        <source>   ·   mask m %1, True = take part: F.scaled_dot_product_attention(q, k, v, attn_mask=m)</source>
        <translation>   ·   掩码 m %1，True = 参与：F.scaled_dot_product_attention(q, k, v, attn_mask=m)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="107"/>
        <source>   ·   mask m (B, S), True = ignore: nn.MultiheadAttention(…)(q, k, v, key_padding_mask=m)</source>
        <translation>   ·   掩码 m (B, S)，True = 屏蔽：nn.MultiheadAttention(…)(q, k, v, key_padding_mask=m)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="108"/>
        <source>   ·   mask m (L, S), True = ignore: nn.MultiheadAttention(…)(q, k, v, attn_mask=m)</source>
        <translation>   ·   掩码 m (L, S)，True = 屏蔽：nn.MultiheadAttention(…)(q, k, v, attn_mask=m)</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="111"/>
        <source>Q = X·W_q %1, K = %2·W_k, V = %2·W_v   </source>
        <translation>Q = X·W_q %1，K = %2·W_k，V = %2·W_v   </translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="115"/>
        <source>scores v·tanh(Q·W₁ + K·W₂): Q %1, K %2, W₁ and W₂ (%3, %4), v (%4) → %5  →  softmax %6 → %5  →  weights·V: %5·%7 → %8</source>
        <translation>分数 v·tanh(Q·W₁ + K·W₂)：Q %1，K %2，W₁ 和 W₂ (%3, %4)，v (%4) → %5  →  softmax %6 → %5  →  weights·V：%5·%7 → %8</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="121"/>
        <source>Q·Kᵀ: %1·%2 → %3  →  %7  →  softmax %4 → %3  →  weights·V: %3·%5 → %6</source>
        <translation>打分 Q·Kᵀ：%1·%2 → %3  →  %7  →  softmax %4 → %3  →  聚合 weights·V：%3·%5 → %6</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="135"/>
        <source>   ·   mask %1, True = take part (SDPA&apos;s attn_mask)</source>
        <translation>   ·   掩码 %1，True = 参与（SDPA 的 attn_mask）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="136"/>
        <source>   ·   mask %1, True = ignore (MHA&apos;s %2)</source>
        <translation>   ·   掩码 %1，True = 屏蔽（MHA 的 %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="140"/>
        <source>scores and weights %1, out %2</source>
        <translation>分数与权重 %1，输出 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="154"/>
        <source>rows that are NaN: %1 of %2 (NaN or +∞ in their scores, as in PyTorch); rows that do not sum to 1: %3</source>
        <translation>为 NaN 的行：%2 行中 %1 行（其分数中有 NaN 或 +∞，与 PyTorch 相同）；和不为 1 的行：%3</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="159"/>
        <source>columns that are NaN: %1 of %2 (NaN or +∞ in their scores, as in PyTorch); the rows&apos; sums are NaN</source>
        <translation>为 NaN 的列：%2 列中 %1 列（其分数中有 NaN 或 +∞，与 PyTorch 相同）；各行之和为 NaN</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="163"/>
        <source>every row sums to 1</source>
        <translation>每一行的和都为 1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="164"/>
        <source>rows that do not sum to 1: %1 of %2</source>
        <translation>和不为 1 的行：%2 行中有 %1 行</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="166"/>
        <source>columns sum to 1 (the %1 keys no query may see: 0), %2 of %3 rows do not</source>
        <translation>各列之和为 1（没有查询能看到的 %1 个键：0），%3 行中有 %2 行不为 1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="171"/>
        <source>columns sum to 1, %1 of %2 rows do not</source>
        <translation>各列和为 1，%2 行中有 %1 行的和不为 1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="175"/>
        <source>·σ⁴</source>
        <translation>·σ⁴</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="178"/>
        <source>additive scores: a sum of H tanh&apos;s, bounded by Σ|v_h| = %1 whatever d_k is</source>
        <translation>加性分数：H 个 tanh 之和，无论 d_k 多大都不超过 Σ|v_h| = %1</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="181"/>
        <source>none expected: Q and K are loaded, not drawn</source>
        <translation>没有期望值：Q 和 K 是载入的，不是随机抽取的</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="183"/>
        <source>not known with position encodings</source>
        <translation>加了位置编码时无法给出期望值</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="188"/>
        <source>expected d_k%1 = %2, scaled %3</source>
        <translation>期望 d_k%1 = %2，缩放后 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="190"/>
        <source>expected d_k·d_model²%1 = %2, scaled %3 (randn weights: q and k entries have variance d_model)</source>
        <translation>期望 d_k·d_model²%1 = %2，缩放后 %3（randn 权重：q 和 k 的每个元素方差为 d_model）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="194"/>
        <source>expected d_k%1 = %2, scaled %3 (randn / √d_model weights: q and k entries have variance 1)</source>
        <translation>期望 d_k%1 = %2，缩放后 %3（randn / √d_model 权重：q 和 k 的每个元素方差为 1）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="197"/>
        <source>expected d_k/9%1 = %2, scaled %3 (nn.Linear weights: q and k entries have variance 1/3)</source>
        <translation>期望 d_k/9%1 = %2，缩放后 %3（nn.Linear 权重：q 和 k 的每个元素方差为 1/3）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="203"/>
        <source>mean softmax Jacobian norm %1 (uniform rows over their visible keys have %2 on average, one-hot rows 0)</source>
        <translation>softmax 雅可比范数的平均值 %1（在各自可见键上均匀的行平均为 %2，独热的行是 0）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="205"/>
        <source>mean softmax Jacobian norm %1 (a uniform row has %2, a one-hot row 0; the most, 0.5, a row split evenly between two keys)</source>
        <translation>softmax 雅可比矩阵范数的平均值 %1（均匀的行是 %2，独热的行是 0；最大值 0.5 出现在平分给两个键的行）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="210"/>
        <source>mean softmax Jacobian norm %1 (a uniform column has %2, a one-hot column 0; the most, 0.5, a column split evenly between two queries)</source>
        <translation>softmax 雅可比矩阵范数的平均值 %1（均匀的列是 %2，独热的列是 0；最大值 0.5 出现在平分给两个查询的列）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="208"/>
        <source>mean softmax Jacobian norm %1 (uniform columns over their visible queries have %2 on average, one-hot columns 0)</source>
        <translation>softmax 雅可比范数的平均值 %1（在各自可见查询上均匀的列平均为 %2，独热的列为 0）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="185"/>
        <source>expected d_k/4 = %1, scaled %2 (xavier in_proj: q, k entries of variance 1/2)</source>
        <translation>期望 d_k/4 = %1，缩放后 %2（xavier in_proj：q、k 分量方差为 1/2）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="220"/>
        <source>mean row entropy %1 nats = %2% of ln S = %3</source>
        <translation>平均行熵 %1 奈特 = ln S = %3 的 %2%</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="225"/>
        <source>mean row entropy %1 nats = %2% of the most the mask allows (%3: ln of each row&apos;s visible keys, on average)</source>
        <translation>行熵的平均值 %1 奈特 = 掩码所允许最大值的 %2%（%3：每行可见键数的 ln 的平均）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="231"/>
        <source>mean column entropy %1 nats = %2% of ln L = %3 (the columns are the distributions)</source>
        <translation>平均列熵 %1 奈特 = ln L = %3 的 %2%（此时列才是概率分布）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="236"/>
        <source>mean column entropy %1 nats = %2% of the most the mask allows (%3: ln of each column&apos;s visible queries, on average; the columns are the distributions)</source>
        <translation>列熵的平均值 %1 奈特 = 掩码所允许最大值的 %2%（%3：每列可见查询数的 ln 的平均；列才是概率分布）</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="240"/>
        <source>max weight %1 (query %2 → key %3)   ·   %4   ·   sample Var(scores) = %5 (not scaled: %6); %7   ·   %8   ·   %9</source>
        <translation>最大权重 %1（查询 %2 → 键 %3）   ·   %4   ·   样本 Var(分数) = %5（不缩放：%6）；%7   ·   %8   ·   %9</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="242"/>
        <source>max weight %1 (query %2 → key %3)   ·   %4   ·   sample Var(Q·Kᵀ) = %5, Var(scaled) = %6; %7   ·   %8   ·   %9</source>
        <translation>最大权重 %1（查询 %2 → 键 %3）   ·   %4   ·   样本 Var(Q·Kᵀ) = %5，Var(缩放后) = %6；%7   ·   %8   ·   %9</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="259"/>
        <source>%1: max weight %2, mean row entropy %3 nats (%4% of the most the mask allows), mean gradient %5</source>
        <translation>%1：最大权重 %2，平均行熵 %3 奈特（掩码允许的最大值的 %4%），平均梯度 %5</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="261"/>
        <source>%1: max weight %2, mean row entropy %3 nats (%4% of ln S), mean gradient %5</source>
        <translation>%1：最大权重 %2，平均行熵 %3 奈特（ln S 的 %4%），平均梯度 %5</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="264"/>
        <source>%1: max weight %2, mean column entropy %3 nats (%4% of the most the mask allows), mean gradient %5</source>
        <translation>%1：最大权重 %2，平均列熵 %3 奈特（掩码允许的最大值的 %4%），平均梯度 %5</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="266"/>
        <source>%1: max weight %2, mean column entropy %3 nats (%4% of ln L), mean gradient %5</source>
        <translation>%1：最大权重 %2，平均列熵 %3 奈特（ln L 的 %4%），平均梯度 %5</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="275"/>
        <source>F.scaled_dot_product_attention computes scaled dot products only: additive scores have no official line to compare with.</source>
        <translation>F.scaled_dot_product_attention 只计算缩放点积：加性打分没有可比较的官方实现。</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="280"/>
        <source>max |manual − official| = %1 (round(…, 8) = %2), allclose = %3 (atol 1e-6).</source>
        <translation>最大绝对差 |manual − official| = %1（round(…, 8) = %2），allclose = %3（atol 1e-6）。</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="285"/>
        <source>SDPA&apos;s softmax is always over the keys (dim −1); these settings take it over the queries, so the two are different functions.</source>
        <translation>SDPA 的 softmax 总是沿键（dim −1）；当前设置沿查询做 softmax，所以两者是不同的函数。</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="288"/>
        <source>Queries that see no key: %1. SDPA gives NaN there (left out of the difference, and allclose is False).</source>
        <translation>看不到任何键的查询：%1 个。SDPA 在那里给出 NaN（不计入差值，allclose 为 False）。</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="292"/>
        <source>Same formula, another float32 order: SDPA scales q and k by √scale = %1 before the product.</source>
        <translation>公式相同，float32 运算顺序不同：SDPA 先把 q 和 k 各乘以 √scale = %1，再做乘积。</translation>
    </message>
    <message>
        <location filename="../../app/model/explanation_text.cpp" line="295"/>
        <source>At this size PyTorch may choose another kernel (flash or memory-efficient attention), which the lecture says may differ more; this is the math kernel&apos;s difference.</source>
        <translation>在这个规模下 PyTorch 可能选用别的内核（flash 或 memory-efficient attention），讲义说差异可能更大；这里给出的是 math 内核的差。</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <location filename="../../app/widgets/export_actions.cpp" line="30"/>
        <source>Written: %1</source>
        <translation>已写入：%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_actions.cpp" line="32"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_actions.cpp" line="58"/>
        <source>&apos;%1&apos;: unknown format (use .png, .jpg, .pdf, .svg, .csv, .npy or .json)</source>
        <translation>“%1”：未知格式（请用 .png、.jpg、.pdf、.svg、.csv、.npy 或 .json）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_actions.cpp" line="105"/>
        <source>Image copied to the clipboard</source>
        <translation>图片已复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_actions.cpp" line="147"/>
        <source>Folder for the d_k series</source>
        <translation>d_k 系列图的保存文件夹</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="32"/>
        <location filename="../../app/widgets/export_dialog.cpp" line="99"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="32"/>
        <source>Export the comparison</source>
        <translation>导出对比图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="48"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="56"/>
        <source>Slide (1920 × 1080)</source>
        <translation>幻灯片（1920 × 1080）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="57"/>
        <source>Paper column (3.5 inches wide, 8-point text)</source>
        <translation>论文单栏（3.5 英寸宽，8 磅字）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="58"/>
        <source>Paper page (7 inches wide)</source>
        <translation>论文通栏（7 英寸宽）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="59"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="75"/>
        <source>PNG and JPG: pixels per unit of the size (2 for high-DPI slides; a paper preset sets 300 dpi, 300/72 pixels per point).</source>
        <translation>PNG 和 JPG：每个尺寸单位的像素数（高分辨率幻灯片用 2；论文预设为 300 dpi，即每磅 300/72 像素）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="79"/>
        <source>no title line</source>
        <translation>无标题行</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="80"/>
        <source>Transparent background (PNG)</source>
        <translation>透明背景（PNG）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="82"/>
        <source>Row and column sums beside the map</source>
        <translation>在图旁显示行和与列和</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="89"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="90"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="91"/>
        <source>Width × height</source>
        <translation>宽 × 高</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="92"/>
        <source>Pixel ratio</source>
        <translation>像素比</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="93"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="173"/>
        <source> pt</source>
        <translation> 磅</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="173"/>
        <source> px at ratio 1</source>
        <translation> 像素（像素比 1 时）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="181"/>
        <source>Give the file a picture&apos;s suffix: .png, .jpg, .pdf or .svg.</source>
        <translation>请给文件加上图片后缀：.png、.jpg、.pdf 或 .svg。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="182"/>
        <source>Give the file a suffix: .png, .jpg, .pdf, .svg, or .csv, .json for the numbers.</source>
        <translation>请给文件加上后缀：.png、.jpg、.pdf、.svg，或数值用的 .csv、.json。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="183"/>
        <source>Give the file a suffix: .png, .jpg, .pdf, .svg, or .csv, .npy, .json for data.</source>
        <translation>请给文件加上后缀：.png、.jpg、.pdf、.svg，或数据用的 .csv、.npy、.json。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="185"/>
        <source>Data: the numbers, no picture.</source>
        <translation>数据：只有数字，没有图片。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="187"/>
        <source>%1 × %2 points = %3 × %4 inches, vector.</source>
        <translation>%1 × %2 磅 = %3 × %4 英寸，矢量。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="193"/>
        <source>%1 × %2 pixels.</source>
        <translation>%1 × %2 像素。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="202"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="202"/>
        <source>PDF, vector (*.pdf)</source>
        <translation>PDF，矢量 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="203"/>
        <source>SVG, vector (*.svg)</source>
        <translation>SVG，矢量 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="203"/>
        <source>JPEG image (*.jpg)</source>
        <translation>JPEG 图片 (*.jpg)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="205"/>
        <source>CSV, the numbers (*.csv)</source>
        <translation>CSV，数值 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="205"/>
        <source>JSON, the numbers (*.json)</source>
        <translation>JSON，数值 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="206"/>
        <source>CSV, the shown matrix (*.csv)</source>
        <translation>CSV，显示的矩阵 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="207"/>
        <source>NumPy .npy, all of (B, L, S) (*.npy)</source>
        <translation>NumPy .npy，完整的 (B, L, S) (*.npy)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="207"/>
        <source>JSON, everything (*.json)</source>
        <translation>JSON，全部内容 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="209"/>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="221"/>
        <source>Replace the file?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="222"/>
        <source>&apos;%1&apos; exists. Replace it?</source>
        <translation>“%1”已存在。要替换它吗？</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="263"/>
        <source>the plot&apos;s own title</source>
        <translation>图自身的标题</translation>
    </message>
    <message>
        <location filename="../../app/widgets/export_dialog.cpp" line="293"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>Figure</name>
    <message>
        <location filename="../../app/model/labels.cpp" line="15"/>
        <source>scaled by 1/√%1</source>
        <translation>缩放 1/√%1</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="17"/>
        <source>not scaled</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="19"/>
        <source>scaled by %1</source>
        <translation>乘以 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="21"/>
        <source>scaled by 1/%1 (1/d_k)</source>
        <translation>乘以 1/%1（1/d_k）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="23"/>
        <source>scaled by 1/√%1 (1/√d_model)</source>
        <translation>乘以 1/√%1（1/√d_model）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="25"/>
        <source>q and k each scaled by %1^−¼</source>
        <translation>q 和 k 各乘 %1^−¼</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="70"/>
        <source>softmax over keys (dim −1)</source>
        <translation>沿键维 softmax（dim −1）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="71"/>
        <source>softmax over queries (dim −2)</source>
        <translation>沿查询维 softmax（dim −2）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="83"/>
        <source>, no key padded</source>
        <translation>，没有填充的键</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="87"/>
        <source>, custom mask</source>
        <translation>，自定义掩码</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="89"/>
        <source> (filled with −1e9)</source>
        <translation>（以 −1e9 填充）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="93"/>
        <source>, batch %1, head %2</source>
        <translation>，批次 %1，头 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="96"/>
        <source>, batch element %1</source>
        <translation>，批次元素 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="98"/>
        <source>  (%1: L = %2, S = %3%4)</source>
        <translation>  （%1：L = %2，S = %3%4）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="115"/>
        <source>d_k = %1, %2, %3</source>
        <translation>d_k = %1，%2，%3</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="167"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="196"/>
        <source>dot product, %1</source>
        <translation>点积，%1</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="199"/>
        <source>masked_fill(mask, −1e9)</source>
        <translation>masked_fill(mask, −1e9)</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="200"/>
        <source>masked with −inf</source>
        <translation>以 −inf 屏蔽</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="202"/>
        <source>F.scaled_dot_product_attention (math kernel)</source>
        <translation>F.scaled_dot_product_attention（math 内核）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="203"/>
        <source>by hand: softmax(Q·Kᵀ·scale)·V</source>
        <translation>手写：softmax(Q·Kᵀ·scale)·V</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="81"/>
        <source>, causal mask</source>
        <translation>，因果掩码</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="12"/>
        <source>additive, H = %1 (not scaled)</source>
        <translation>加性，H = %1（不缩放）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="85"/>
        <source>, last %1 keys masked</source>
        <translation>，屏蔽最后 %1 个键</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="105"/>
        <source>  (L = %1, S = %2, seed %3)</source>
        <translation>（L = %1，S = %2，种子 %3）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="163"/>
        <location filename="../../app/model/labels.cpp" line="165"/>
        <location filename="../../app/model/labels.cpp" line="169"/>
        <source>d_k = %1, %2</source>
        <translation>d_k = %1，%2</translation>
    </message>
    <message>
        <location filename="../../app/render/figure.cpp" line="248"/>
        <source>%1: mean row entropy %2</source>
        <translation>%1：平均行熵 %2</translation>
    </message>
    <message>
        <location filename="../../app/render/figure.cpp" line="249"/>
        <source>%1: mean column entropy %2</source>
        <translation>%1：平均列熵 %2</translation>
    </message>
</context>
<context>
    <name>HeadsWindow</name>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="128"/>
        <location filename="../../app/widgets/heads_window.cpp" line="361"/>
        <source>attention-viz — heads</source>
        <translation>attention-viz — 注意力头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="163"/>
        <source>Measure both</source>
        <translation>测量两者</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="165"/>
        <source>Runs nn.MultiheadAttention&apos;s forward pass here five times with these heads and five times with one head of d_model, and shows the median time of each.</source>
        <translation>在本机用这些头运行 nn.MultiheadAttention 的前向五次，再用一个 d_model 宽的头运行五次，显示各自的中位时间。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="172"/>
        <source>Export picture…</source>
        <translation>导出图片…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="173"/>
        <source>Save the grid of heads (each with its mean entropy, their mean and largest) as PNG, PDF or SVG; File &gt; Export saves the head shown in the main window</source>
        <translation>把各头的网格（每个头及其平均熵、它们的平均和最大值）保存为 PNG、PDF 或 SVG；文件 &gt; 导出保存主窗口中显示的那个头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="180"/>
        <source>Export the heads</source>
        <translation>导出各头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="196"/>
        <source>Close this window</source>
        <translation>关闭此窗口</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="200"/>
        <source>The next head in the main window</source>
        <translation>主窗口中显示下一个头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="201"/>
        <source>The head before in the main window</source>
        <translation>主窗口中显示上一个头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="246"/>
        <source>no heads are shown</source>
        <translation>没有显示任何头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="344"/>
        <source>measured here (median of %1 runs each): %2 heads %3 ms, one head %4 ms</source>
        <translation>本机实测（各 %1 次的中位数）：%2 个头 %3 ms，单头 %4 ms</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="360"/>
        <source>attention-viz — heads of %1</source>
        <translation>attention-viz — %1 的注意力头</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="381"/>
        <source>batch %1 · head %2</source>
        <translation>批次 %1 · 头 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="381"/>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="382"/>
        <source>batch element %1</source>
        <translation>批次元素 %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="399"/>
        <source>batch %1 · mean</source>
        <translation>批次 %1 · 平均</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="399"/>
        <source>mean of %1 heads</source>
        <translation>%1 个头的平均</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="400"/>
        <source>batch %1 · max</source>
        <translation>批次 %1 · 最大</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="400"/>
        <source>max over heads</source>
        <translation>各头的最大值</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="401"/>
        <source>batch %1: the mean of its %2 heads&apos; weights</source>
        <translation>批次 %1：其 %2 个头的权重的平均</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="402"/>
        <source>batch %1: the largest weight of any head, cell by cell</source>
        <translation>批次 %1：逐格取所有头中最大的权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="410"/>
        <source>Each map is one head&apos;s weights (queries down, keys across, 0 to 1 on viridis), with the mean entropy of its rows under it: low for a head that looks at one key, ln S for one that spreads evenly. Click a head, or press → and ←, to see it large in the main window.</source>
        <translation>每张图是一个头的权重（查询向下、键向右，viridis 色表 0 到 1），下方是其各行的平均熵：只看一个键的头熵低，均匀分布的头为 ln S。点击一个头，或按 → 和 ←，即可在主窗口中放大查看。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="413"/>
        <source>Each map is one batch element&apos;s weights (queries down, keys across, 0 to 1 on viridis), with the mean entropy of its rows under it: low where a query looks at one key, ln S where it spreads evenly. Click a map, or press → and ←, to see it large in the main window.</source>
        <translation>每张图是一个批次元素的权重（查询向下，键向右，viridis 色表 0 到 1），下方是其各行的平均熵：查询只看一个键时低，均匀分散时为 ln S。点击一张图，或按 → 和 ←，可在主窗口中放大查看。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="417"/>
        <source>The last two maps of a row are the mean over the heads (nn.MultiheadAttention&apos;s average_attn_weights=True) and the largest weight of any head.</source>
        <translation>每行最后两张图是各头的平均（nn.MultiheadAttention 的 average_attn_weights=True）和任一头中的最大权重。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="420"/>
        <source>%1 nats</source>
        <translation>%1 奈特</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="426"/>
        <source>entropy %1</source>
        <translation>熵 %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="435"/>
        <source>B = %1, H = %2 heads, L = %3, S = %4.</source>
        <translation>B = %1，H = %2 个头，L = %3，S = %4。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="436"/>
        <source>B = %1, one head each (Heads h in the settings draws nn.MultiheadAttention&apos;s heads; or load (B, H, L, d) arrays), L = %2, S = %3.</source>
        <translation>B = %1，每个一个头（设置中的头数 h 会抽取 nn.MultiheadAttention 的各头；或者载入 (B, H, L, d) 数组），L = %2，S = %3。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="442"/>
        <source> The first %1 maps are drawn.</source>
        <translation> 只画出前 %1 张图。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="469"/>
        <source>Multiply-adds of one forward pass of nn.MultiheadAttention(%1, %2) over B = %3, L = %4: %2 heads of d_k = %5 against one head of d_k = %1. Why the same (§3.2.2 of the paper): the %2 heads&apos; projections side by side, %2 × (%1 × %5), are one %1 × %1 matrix, so they cost what one head&apos;s does; each head&apos;s scores are L × L dot products of d_k = %5, %2 times shorter, and there are %2 heads, so together they do the multiply-adds of one head of %1; the same for the weighted sums; W_O is one %1 × %1 matrix either way.</source>
        <translation>nn.MultiheadAttention(%1, %2) 在 B = %3、L = %4 上一次前向计算的乘加次数：%2 个 d_k = %5 的头对比一个 d_k = %1 的头。为什么相同（论文 §3.2.2）：%2 个头的投影并排起来，%2 × (%1 × %5)，就是一个 %1 × %1 的矩阵，所以与一个头的投影代价相同；每个头的分数是 L × L 个 d_k = %5 的点积，短了 %2 倍，而头有 %2 个，所以合起来的乘加次数等于一个 %1 维的头；加权求和也一样；W_O 无论如何都是一个 %1 × %1 的矩阵。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="483"/>
        <source>%1 heads of %2</source>
        <translation>%1 个头，每个 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="484"/>
        <source>1 head of %1</source>
        <translation>1 个头，%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="485"/>
        <source>projections X·W_q, X·W_k, X·W_v</source>
        <translation>投影 X·W_q、X·W_k、X·W_v</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="486"/>
        <source>scores Q_h·K_hᵀ</source>
        <translation>分数 Q_h·K_hᵀ</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="487"/>
        <source>weighted sums weights·V_h</source>
        <translation>加权和 weights·V_h</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="488"/>
        <source>output projection concat·W_O</source>
        <translation>输出投影 concat·W_O</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="489"/>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="490"/>
        <source>softmax exponentials (not multiply-adds)</source>
        <translation>softmax 的指数运算（不是乘加）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="492"/>
        <source>The multiply-adds are the same; the softmax is not: %1 heads take %1 softmaxes over L × L, and their products are smaller, which a CPU does less efficiently. So the measured times need not be equal.</source>
        <translation>乘加次数相同；softmax 却不同：%1 个头要做 %1 次 L × L 的 softmax，而且它们的矩阵乘法更小，CPU 做起来效率更低。所以测得的时间不一定相等。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="497"/>
        <source>Shapes: X (%1, %2, %3) → Q, K, V (%1, %2, %3) → %4 heads of (%1, %2, %5) each → their outputs concatenated (%1, %2, %3) → · W_Oᵀ (%3, %3) → out (%1, %2, %3).</source>
        <translation>形状：X (%1, %2, %3) → Q、K、V (%1, %2, %3) → %4 个头，各 (%1, %2, %5) → 输出拼接 (%1, %2, %3) → · W_Oᵀ (%3, %3) → out (%1, %2, %3)。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heads_window.cpp" line="515"/>
        <source>Each head divides by √d_k = √%1 = %2. Dividing by √d_model = √%3 = %4 instead, a mistake when splitting into heads, makes every head flatter: the heads&apos; mean entropy %5 nats instead of %6 (ln L = %7 is uniform).</source>
        <translation>每个头除以 √d_k = √%1 = %2。若改为除以 √d_model = √%3 = %4（拆分成多头时的一个错误），每个头都会更平坦：各头的平均熵为 %5 奈特，而不是 %6（ln L = %7 为均匀分布）。</translation>
    </message>
</context>
<context>
    <name>HeatmapPanel</name>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="19"/>
        <source>additive score v·tanh(q·W₁ + k·W₂)</source>
        <translation>加性分数 v·tanh(q·W₁ + k·W₂)</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="21"/>
        <source>logit (additive: not scaled)</source>
        <translation>logit（加性：不缩放）</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="24"/>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="26"/>
        <source>raw score Q·Kᵀ</source>
        <translation>原始分数 Q·Kᵀ</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="28"/>
        <source>scaled logit</source>
        <translation>缩放后分数</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="37"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="39"/>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="41"/>
        <source>logit</source>
        <translation>logit</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="240"/>
        <source>query i</source>
        <translation>查询 i</translation>
    </message>
    <message>
        <location filename="../../app/render/heatmap_drawing.cpp" line="241"/>
        <location filename="../../app/widgets/comparison_view.cpp" line="126"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="329"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="456"/>
        <source>key j</source>
        <translation>键 j</translation>
    </message>
    <message>
        <location filename="../../app/render/figure.cpp" line="403"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="687"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="1094"/>
        <source>row sum</source>
        <translation>行和</translation>
    </message>
    <message>
        <location filename="../../app/render/figure.cpp" line="434"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="688"/>
        <source>col. sum</source>
        <translation>列和</translation>
    </message>
    <message>
        <location filename="../../app/render/figure.cpp" line="485"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="286"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="1094"/>
        <source>entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="287"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="289"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="1095"/>
        <source>gradient</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="288"/>
        <source>col. entropy</source>
        <translation>列熵</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="638"/>
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="664"/>
        <source>ln S</source>
        <translation>ln S</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="681"/>
        <source>ln L</source>
        <translation>ln L</translation>
    </message>
    <message>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="687"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="688"/>
        <location filename="../../app/widgets/heatmap_panel.cpp" line="1095"/>
        <source>Σ weights</source>
        <translation>Σ 权重</translation>
    </message>
</context>
<context>
    <name>HeatmapText</name>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="26"/>
        <source>query %1, key %2
additive score = %3
</source>
        <translation>查询 %1，键 %2
加性分数 = %3
</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="27"/>
        <source>query %1, key %2
raw score Q·Kᵀ = %3
</source>
        <translation>查询 %1，键 %2
原始分数 Q·Kᵀ = %3
</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="33"/>
        <source>masked (logit −∞), like every key of this row
weight = 0 (PyTorch gives NaN)</source>
        <translation>被屏蔽（logit −∞），这一行的每个键都是
权重 = 0（PyTorch 给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="35"/>
        <source>masked (logit −∞)
weight = 0</source>
        <translation>已屏蔽（logit −∞）
权重 = 0</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="36"/>
        <source>masked (logit −1e9)
weight = 0</source>
        <translation>被屏蔽（logit −1e9）
权重 = 0</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="39"/>
        <source>masked (logit −1e9), like every key of this row: its weights are uniform
weight = %1</source>
        <translation>被屏蔽（logit −1e9），这一行的每个键都是：它的权重是均匀的
权重 = %1</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="40"/>
        <source>masked (logit −1e9), like every query of this column: its weights are uniform
weight = %1</source>
        <translation>被屏蔽（logit −1e9），这一列的每个查询都是：它的权重是均匀的
权重 = %1</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="44"/>
        <source>logit (not scaled) = %1
weight = %2</source>
        <translation>logit（不缩放）= %1
权重 = %2</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="45"/>
        <source>scaled logit = %1
weight = %2</source>
        <translation>缩放后分数 = %1
权重 = %2</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="50"/>
        <source>
row %1 sums to %2, its entropy is %3 nats</source>
        <translation>
第 %1 行之和为 %2，熵为 %3 奈特</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="58"/>
        <source>
column %1 sums to %2, its entropy is %3 nats</source>
        <translation>
第 %1 列之和为 %2，熵为 %3 奈特</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="72"/>
        <source> (click to change)</source>
        <translation>（点击可修改）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="74"/>
        <source>
SDPA attn_mask[%1, %2, %3] = %4: True = take part%5</source>
        <translation>
SDPA attn_mask[%1, %2, %3] = %4：True = 参与%5</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="81"/>
        <source>
MHA key_padding_mask[%1, %2] = %3: True = ignore</source>
        <translation>
MHA key_padding_mask[%1, %2] = %3：True = 屏蔽</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="85"/>
        <source>
MHA attn_mask[%1, %2] = %3: True = ignore (not allowed to attend)%4</source>
        <translation>
MHA attn_mask[%1, %2] = %3：True = 屏蔽（不允许关注）%4</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="99"/>
        <source>
the mask leaves this row no key: no distribution, no gradient</source>
        <translation>
掩码没有给这一行留下任何键：没有分布，也没有梯度</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="100"/>
        <source>
the mask leaves this column no query: no distribution, no gradient</source>
        <translation>
掩码没有给这一列留下任何查询：没有分布，也没有梯度</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="105"/>
        <source>
softmax Jacobian norm of row %1: %2 (a uniform row %3; one split evenly over two keys 0.5, the most; one-hot 0: no gradient flows back)</source>
        <translation>
第 %1 行的 softmax 雅可比范数：%2（均匀的行是 %3；平分在两个键上的行是 0.5，是最大值；独热的行是 0：没有梯度传回）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="107"/>
        <source>
softmax Jacobian norm of column %1: %2 (a uniform column %3; one split evenly over two queries 0.5, the most; one-hot 0: no gradient flows back)</source>
        <translation>
第 %1 列的 softmax 雅可比范数：%2（均匀的列为 %3；平分在两个查询上的列为 0.5，是最大值；独热的列为 0：没有梯度传回）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="120"/>
        <source> (the most, for a uniform row: ln S = %1)</source>
        <translation>（最大值，均匀的行：ln S = %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="121"/>
        <source> (the most, for a uniform column: ln L = %1)</source>
        <translation>（最大值，均匀的列：ln L = %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="123"/>
        <source> (the mask hides every key of this row)</source>
        <translation>（掩码遮住了这一行的所有键）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="123"/>
        <source> (the mask hides this key from every query)</source>
        <translation>（掩码对所有查询遮住了这个键）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="125"/>
        <source> (the most is 0: the mask leaves this row one key)</source>
        <translation>（最大值为 0：掩码只给这一行留下一个键）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="126"/>
        <source> (the most is 0: the mask shows this key to one query)</source>
        <translation>（最大值为 0：掩码只让一个查询看到这个键）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="128"/>
        <source> (the most, for a uniform row over its %1 visible keys: ln %1 = %2)</source>
        <translation>（最大值，在它可见的 %1 个键上均匀：ln %1 = %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="129"/>
        <source> (the most, for a uniform column over its %1 visible queries: ln %1 = %2)</source>
        <translation>（最大值，在它可见的 %1 个查询上均匀：ln %1 = %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="138"/>
        <source>query %1: the row sums to %2</source>
        <translation>查询 %1：该行的和为 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="140"/>
        <source>
row entropy %1 nats</source>
        <translation>
行熵 %1 奈特</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="149"/>
        <source>key %1: the column sums to %2</source>
        <translation>键 %1：该列的和为 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="151"/>
        <source>
column entropy %1 nats</source>
        <translation>
列熵 %1 奈特</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="165"/>
        <source>W_q and W_k are randn, so the entries of q and k have variance d_model = %1, not the footnote&apos;s 1: ÷√d_k removes d_k, and d_model² = %2 remains in the scores&apos; variance.</source>
        <translation>W_q 和 W_k 由 randn 生成，所以 q、k 各元素的方差是 d_model = %1，而不是脚注假设的 1：÷√d_k 去掉了 d_k，分数方差里仍留下 d_model² = %2。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="168"/>
        <source>X is %3·randn and W_q, W_k are randn, so the entries of q and k have variance σ²·d_model = %1, not the footnote&apos;s 1: ÷√d_k removes d_k, and %2 remains in the scores&apos; variance.</source>
        <translation>X 是 %3·randn，W_q、W_k 由 randn 生成，所以 q、k 各元素的方差是 σ²·d_model = %1，而不是脚注假设的 1：÷√d_k 去掉了 d_k，分数方差里仍留下 %2。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="172"/>
        <source>W_q and W_k as nn.Linear draws them have variance 1/(3·d_model), so the entries of q and k have variance %1, not the footnote&apos;s 1: ÷√d_k leaves %2 in the scores&apos; variance, and the rows are flatter than the footnote&apos;s.</source>
        <translation>按 nn.Linear 初始化的 W_q 和 W_k 方差为 1/(3·d_model)，所以 q、k 各元素的方差是 %1，而不是脚注假设的 1：÷√d_k 之后分数方差为 %2，各行比脚注说的更平。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="176"/>
        <source>The inputs are σ·randn with σ = %3, so the entries of q and k have variance σ² = %1, not the footnote&apos;s 1: ÷√d_k leaves σ⁴ = %2 in the scores&apos; variance.</source>
        <translation>输入是 σ·randn，σ = %3，所以 q、k 各元素的方差是 σ² = %1，而不是脚注假设的 1：÷√d_k 之后分数方差里仍有 σ⁴ = %2。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="187"/>
        <source>Press I to draw the weights as randn/√d_model (variance %1) and see the scale work.</source>
        <translation>按 I 把权重改为 randn/√d_model（方差 %1），看缩放如何起作用。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="198"/>
        <source>Each drawn cell is the largest of %1 × %2 cells (the matrix has more cells than the screen has pixels).</source>
        <translation>每个画出的格子是 %1 × %2 个格子中的最大值（矩阵的格子比屏幕像素还多）；放大可看细节。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="204"/>
        <source>Softmax over queries (dim −2): each column sums to 1, the rows do not, so the output is no longer a weighted average of the values. The columns are the distributions: their entropy and gradient are shown under the map, against the most entropy each can have (dashed) and a uniform column&apos;s gradient (dotted: not a maximum, a column with a few large weights passes more).</source>
        <translation>沿查询做 softmax（dim −2）：每一列和为 1，行则不然，所以输出不再是值的加权平均。列才是分布：热图下方显示它们的熵和梯度，对照每列可能的最大熵（虚线）和均匀列的梯度（点线：它不是最大值，少数权重较大的列会传回更多梯度）。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="209"/>
        <source>Softmax over queries (dim −2): each column sums to 1, the rows do not, so the output is no longer a weighted average of the values. The columns are the distributions: their entropy is shown under the map, against the most each can have (dashed).</source>
        <translation>沿查询做 softmax（dim −2）：每一列和为 1，行和不为 1，所以输出不再是值向量的加权平均。列才是概率分布：它们的熵画在热图下方，与各列可能的最大熵（虚线）对照。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="215"/>
        <source>The rows&apos; largest weights average %1: on the fixed 0 to 1 colour range the map looks flat. Press F (or Range: Fit to data) to stretch the colours over the weights.</source>
        <translation>各行最大权重的平均值为 %1：在固定的 0 到 1 颜色范围下整张图看起来是一种颜色。按 F（或“范围：按数据拟合”）把颜色铺满这些权重。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="220"/>
        <source>Queries that see no key at all: %1. Their weights are 0 here (PyTorch gives NaN).</source>
        <translation>完全看不到任何键的查询：%1 个。它们的权重在这里为 0（PyTorch 给出 NaN）。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="221"/>
        <source>Keys that no query sees: %1. Their weights are 0 here (PyTorch gives NaN).</source>
        <translation>没有任何查询能看到的键：%1 个。它们的权重在这里为 0（PyTorch 给出 NaN）。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="225"/>
        <source>Rows that are NaN: %1 (grey). Loaded NaN or infinite values put NaN or +∞ in their scores; PyTorch gives NaN there too.</source>
        <translation>为 NaN 的行：%1（灰色）。载入数据中的 NaN 或无穷值使这些行的分数含有 NaN 或 +∞；PyTorch 在此也给出 NaN。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="227"/>
        <source>Columns that are NaN: %1 (grey). Loaded NaN or infinite values put NaN or +∞ in their scores; PyTorch gives NaN there too.</source>
        <translation>为 NaN 的列：%1（灰色）。载入数据中的 NaN 或无穷值使这些列的分数含有 NaN 或 +∞；PyTorch 在此也给出 NaN。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="232"/>
        <source>Queries that see no key: %1. masked_fill(−1e9) leaves their logits equal: their weights are uniform, 1/%2 each, as in PyTorch (with −inf PyTorch gives NaN).</source>
        <translation>看不到任何键的查询：%1 个。masked_fill(−1e9) 让它们的 logit 全部相等：权重是均匀的，每个 1/%2，与 PyTorch 相同（用 −inf 时 PyTorch 给出 NaN）。</translation>
    </message>
    <message>
        <location filename="../../app/model/heatmap_text.cpp" line="236"/>
        <source>Keys that no query sees: %1. masked_fill(−1e9) leaves their logits equal: their weights are uniform, 1/%2 each, as in PyTorch (with −inf PyTorch gives NaN).</source>
        <translation>没有任何查询能看到的键：%1 个。masked_fill(−1e9) 让它们的 logit 全部相等：权重是均匀的，每个 1/%2，与 PyTorch 相同（用 −inf 时 PyTorch 给出 NaN）。</translation>
    </message>
</context>
<context>
    <name>HullPlot</name>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="69"/>
        <source>the values&apos; convex hull</source>
        <translation>值向量的凸包</translation>
    </message>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="70"/>
        <source>outputs o_i inside</source>
        <translation>凸包内的输出 o_i</translation>
    </message>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="71"/>
        <source>outputs o_i outside (in all d_v dimensions)</source>
        <translation>凸包外的输出 o_i（按全部 d_v 维判断）</translation>
    </message>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="94"/>
        <source>values v_j</source>
        <translation>值向量 v_j</translation>
    </message>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="178"/>
        <source>first principal component (%1 %)</source>
        <translation>第一主成分（%1 %）</translation>
    </message>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="180"/>
        <location filename="../../app/render/hull_plot.cpp" line="183"/>
        <source>coordinate %1 of v</source>
        <translation>v 的第 %1 个坐标</translation>
    </message>
    <message>
        <location filename="../../app/render/hull_plot.cpp" line="181"/>
        <source>second principal component (%1 %)</source>
        <translation>第二主成分（%1 %）</translation>
    </message>
</context>
<context>
    <name>HullWindow</name>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="41"/>
        <source>The output inside the values&apos; hull</source>
        <translation>输出在值向量的凸包内</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="42"/>
        <source>First two principal components of the values</source>
        <translation>值向量的前两个主成分</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="43"/>
        <source>Two coordinates of the values</source>
        <translation>值向量的两个坐标</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="44"/>
        <source>Axes</source>
        <translation>坐标轴</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="45"/>
        <source>coordinates</source>
        <translation>坐标</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="87"/>
        <source>The next output (query) highlighted</source>
        <translation>高亮下一个输出（查询）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="89"/>
        <source>The previous output (query) highlighted</source>
        <translation>高亮上一个输出（查询）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="96"/>
        <source>Close this window</source>
        <translation>关闭此窗口</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="168"/>
        <source>Each output is o_i = Σ_j w_ij v_j. With softmax over the keys a row&apos;s weights are ≥ 0 and sum to 1, so o_i is a convex combination of the values and lies inside their convex hull. Hover an output (or a query in the heatmap), or step through the outputs with → and ←, to size the values by its weights.</source>
        <translation>每个输出 o_i = Σ_j w_ij v_j。沿键做 softmax 时，每行权重非负且和为 1，所以 o_i 是值向量的凸组合，落在它们的凸包内。把鼠标移到一个输出（或热力图中的一个查询）上，或用 → 和 ← 逐个切换输出，值向量的点按它的权重放大。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="186"/>
        <source>The output of batch element %1 lies inside the hull.</source>
        <translation>批次元素 %1 的输出位于凸包内。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="187"/>
        <source>All %1 outputs of batch element %2 lie inside the hull.</source>
        <translation>批次元素 %2 的全部 %1 个输出都在凸包内。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="188"/>
        <source>%1 of the %2 outputs of batch element %3 lie outside the hull (red).</source>
        <translation>批次元素 %3 的 %2 个输出中有 %1 个落在凸包之外（红色）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="195"/>
        <source>Their rows&apos; weights do not sum to 1.</source>
        <translation>它们所在行的权重和不为 1。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="196"/>
        <source>The weights of %1 of the %2 rows do not sum to 1: each such output is its row&apos;s sum times a point of the hull, so it need not lie outside.</source>
        <translation>%2 行中有 %1 行的权重和不为 1：这样的输出等于该行的和乘以凸包中的一个点，所以不一定落在凸包之外。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="202"/>
        <source>Inside or outside is judged in all %1 dimensions of the values; the picture shows two, so a red point can be drawn inside the polygon.</source>
        <translation>是否在凸包内按值向量的全部 %1 维判断；图只画出两维，所以红点可能画在多边形里面。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="206"/>
        <source>(Too many to check in all %1 dimensions: judged in the picture only.)</source>
        <translation>（点太多，无法在全部 %1 维中检查：只按图中的两维判断。）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="208"/>
        <source>Softmax runs over the queries (dim=-2): the lecture&apos;s mistake.</source>
        <translation>softmax 沿查询维（dim=-2）：讲义里的错误。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="210"/>
        <source>(Principal components need d_v ≤ %1: coordinates 0 and 1 shown.)</source>
        <translation>（主成分需要 d_v ≤ %1：此处显示坐标 0 和 1。）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/hull_window.cpp" line="216"/>
        <source>Query %1 puts its largest weight, %2, on key %3.</source>
        <translation>查询 %1 把最大的权重 %2 放在键 %3 上。</translation>
    </message>
</context>
<context>
    <name>KeyActions</name>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="29"/>
        <source>Scaling on/off</source>
        <translation>缩放 开/关</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="29"/>
        <source>√d_k</source>
        <translation>√d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="30"/>
        <source>Softmax over keys / over queries</source>
        <translation>沿键维 / 沿查询维 softmax</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="30"/>
        <source>dim</source>
        <translation>维度</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="31"/>
        <source>Halve d_k</source>
        <translation>d_k 减半</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="31"/>
        <source>d_k ÷2</source>
        <translation>d_k ÷2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="32"/>
        <source>Double d_k</source>
        <translation>d_k 加倍</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="32"/>
        <source>d_k ×2</source>
        <translation>d_k ×2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="33"/>
        <source>One query (and key) fewer</source>
        <translation>少一个查询（和键）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="33"/>
        <source>L−1</source>
        <translation>L−1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="34"/>
        <source>One more query (and key)</source>
        <translation>多一个查询（和键）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="34"/>
        <source>L+1</source>
        <translation>L+1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="35"/>
        <source>Next mask: none, causal, padding</source>
        <translation>下一种掩码：无、因果、填充</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="35"/>
        <source>mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="36"/>
        <source>Next comparison: none, scaling, softmax dim</source>
        <translation>下一种对比：无、缩放、softmax 维度</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="36"/>
        <source>compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="37"/>
        <source>Colours: fixed 0 to 1 / fitted to the data</source>
        <translation>颜色范围：固定 0 到 1 / 按数据拟合</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="37"/>
        <source>fit</source>
        <translation>拟合</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="38"/>
        <source>Gradient panels on/off (the softmax Jacobian&apos;s norm per row)</source>
        <translation>梯度面板 开/关（每一行 softmax 雅可比矩阵的范数）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="38"/>
        <source>gradient</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="39"/>
        <source>Weights&apos; init: randn, randn/√d_model (variance 1), nn.Linear</source>
        <translation>权重初始化：randn、randn/√d_model（方差 1）、nn.Linear</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="39"/>
        <source>init</source>
        <translation>初始化</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="40"/>
        <source>New random seed</source>
        <translation>换一个随机种子</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="40"/>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="41"/>
        <source>Previous lesson step</source>
        <translation>课程上一步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="41"/>
        <source>◀ step</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="42"/>
        <source>Next lesson step</source>
        <translation>课程下一步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="42"/>
        <source>step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="43"/>
        <source>Start/stop the sweep (View &gt; Sweep over)</source>
        <translation>开始/停止扫描（视图 &gt; 扫描对象）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="43"/>
        <source>sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="44"/>
        <source>The output inside the values&apos; convex hull</source>
        <translation>输出在值向量的凸包内</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="44"/>
        <source>hull</source>
        <translation>凸包</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="45"/>
        <source>Common mistakes: each beside the right line</source>
        <translation>常见错误：每个都与正确写法并排</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="45"/>
        <source>mistakes</source>
        <translation>常见错误</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="46"/>
        <source>Leave presentation mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="46"/>
        <source>leave</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="47"/>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="48"/>
        <source>The four steps: Q, K, V → scores → logits → weights → out</source>
        <translation>四个步骤：Q、K、V → 分数 → logits → 权重 → out</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="49"/>
        <source>Why scale? The sweep over d_k, scaled and not</source>
        <translation>为什么要缩放？对 d_k 扫描，缩放与不缩放对比</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="50"/>
        <source>Training: watch it fail to learn without the scale</source>
        <translation>训练：看不缩放时学不会</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="51"/>
        <source>Switch the language: English / 中文 (in every window)</source>
        <translation>切换语言：English / 中文（所有窗口）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="51"/>
        <source>中文</source>
        <translation>English</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="52"/>
        <source>Heads: every head&apos;s map side by side</source>
        <translation>注意力头：所有头的图并排显示</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="140"/>
        <source>÷√d_k: additive</source>
        <translation>÷√d_k：加性</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="140"/>
        <source>÷√d_k on</source>
        <translation>÷√d_k 开</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="140"/>
        <source>÷√d_k off</source>
        <translation>÷√d_k 关</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="141"/>
        <source>dim −1</source>
        <translation>dim −1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="141"/>
        <source>dim −2</source>
        <translation>dim −2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="150"/>
        <source>init: none</source>
        <translation>初始化：无</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="151"/>
        <source>init: randn</source>
        <translation>初始化：randn</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="152"/>
        <source>init: randn/√d_model</source>
        <translation>初始化：randn/√d_model</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="153"/>
        <source>init: nn.Linear</source>
        <translation>初始化：nn.Linear</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="157"/>
        <source>mask: none</source>
        <translation>掩码：无</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="158"/>
        <source>mask: causal</source>
        <translation>掩码：因果</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="159"/>
        <source>mask: custom</source>
        <translation>掩码：自定义</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="160"/>
        <source>mask: pad %1</source>
        <translation>掩码：填充 %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="163"/>
        <source>compare: off</source>
        <translation>对比：关</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="164"/>
        <source>compare: scaling</source>
        <translation>对比：缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="165"/>
        <source>compare: dim</source>
        <translation>对比：softmax 维</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="166"/>
        <source>compare: score</source>
        <translation>对比：打分</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="167"/>
        <source>compare: −inf, −1e9</source>
        <translation>对比：−inf、−1e9</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="168"/>
        <source>compare: SDPA</source>
        <translation>对比：SDPA</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="169"/>
        <source>compare: d_k</source>
        <translation>对比：d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="170"/>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="171"/>
        <source>gradient: on</source>
        <translation>梯度：开</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="171"/>
        <source>gradient: off</source>
        <translation>梯度：关</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="173"/>
        <source>colours 0–1</source>
        <translation>颜色 0–1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="173"/>
        <source>colours: fit</source>
        <translation>颜色：拟合</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="180"/>
        <source>back to step %1/%2 ▶</source>
        <translation>回到第 %1/%2 步 ▶</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="182"/>
        <source>step %1/%2 ▶</source>
        <translation>第 %1/%2 步 ▶</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="183"/>
        <source>lesson ▶</source>
        <translation>课程 ▶</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="187"/>
        <source>■ sweep</source>
        <translation>■ 扫描</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="187"/>
        <source>▶ sweep</source>
        <translation>▶ 扫描</translation>
    </message>
    <message>
        <location filename="../../app/widgets/key_actions.cpp" line="188"/>
        <source>✕ leave</source>
        <translation>✕ 退出</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <location filename="../../app/model/labels.cpp" line="123"/>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="139"/>
        <source>seed %1 → %2</source>
        <translation>种子 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="141"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="143"/>
        <source>softmax dim %1 → %2</source>
        <translation>softmax dim %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="149"/>
        <source>the mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="151"/>
        <source>the weights&apos; init</source>
        <translation>权重初始化</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="153"/>
        <source>other settings</source>
        <translation>其他设置</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="154"/>
        <source>several settings</source>
        <translation>多项设置</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="155"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>MainMenus</name>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="82"/>
        <source>The menus (File first; Esc closes them)</source>
        <translation>菜单（先打开“文件”；Esc 关闭）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="100"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="101"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="104"/>
        <source>Export &amp;comparison</source>
        <translation>导出对比图(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="105"/>
        <source>Scaled and not scaled…</source>
        <translation>缩放与未缩放…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="107"/>
        <source>Softmax over keys and over queries…</source>
        <translation>沿键维与沿查询维 softmax…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="109"/>
        <source>Export a d_k se&amp;ries (1, 4, 16, 64, 256)…</source>
        <translation>导出 d_k 系列图(&amp;R)（1、4、16、64、256）…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="110"/>
        <source>Co&amp;py image</source>
        <translation>复制图片(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="114"/>
        <source>Open attention &amp;data…</source>
        <translation>打开注意力数据(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="117"/>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="119"/>
        <source>Trained: reversing 8 digits (one layer, 2 heads)</source>
        <translation>训练好的模型：反转 8 个数字（一层，2 个头）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="121"/>
        <source>Recent data</source>
        <translation>最近的数据</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="124"/>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="125"/>
        <source>&amp;Save scenario…</source>
        <translation>保存场景(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="127"/>
        <source>Save as de&amp;mo (with presentation mode, lesson step and open windows)…</source>
        <translation>另存为演示（含演示模式、课程步骤和打开的窗口）(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="131"/>
        <source>Open &amp;lesson…</source>
        <translation>打开课程(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="132"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="143"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="146"/>
        <location filename="../../app/widgets/main_menus.cpp" line="156"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="149"/>
        <location filename="../../app/widgets/main_menus.cpp" line="157"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="156"/>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="157"/>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="164"/>
        <source>Copy as &amp;PyTorch code</source>
        <translation>复制为 PyTorch 代码(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="167"/>
        <source>A runnable Python script: torch.manual_seed, torch.randn, the scaling, the mask and F.softmax, printing the weights of the element shown</source>
        <translation>一个可运行的 Python 脚本：torch.manual_seed、torch.randn、缩放、掩码和 F.softmax，打印所显示元素的权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="169"/>
        <source>Copy as command &amp;line</source>
        <translation>复制为命令行(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="178"/>
        <source>&amp;Lecture</source>
        <translation>讲义(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="180"/>
        <source>Block 1: Q, K, V projected from X</source>
        <translation>代码块 1：Q、K、V 由 X 投影得到</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="181"/>
        <source>Block 2: why divide by √d_k (scaled beside not scaled)</source>
        <translation>代码块 2：为什么除以 √d_k（缩放与未缩放并排）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="182"/>
        <source>Block 3: the same as F.scaled_dot_product_attention</source>
        <translation>代码块 3：与 F.scaled_dot_product_attention 相同</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="183"/>
        <source>Exercise: softmax over the wrong dim (−2)</source>
        <translation>练习：沿错误的维度（−2）做 softmax</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="195"/>
        <source>Start the lecture&apos;s lesson</source>
        <translation>开始讲义课程</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="204"/>
        <source>&amp;Mistakes</source>
        <translation>常见错误(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="208"/>
        <source>Forgetting ÷√d_k</source>
        <translation>忘记除以 √d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="208"/>
        <source>softmax over dim=-2</source>
        <translation>softmax 沿 dim=-2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="209"/>
        <source>MHA&apos;s key_padding_mask handed to SDPA</source>
        <translation>把 MHA 的 key_padding_mask 传给 SDPA</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="209"/>
        <source>Q @ K.transpose(0, 1)</source>
        <translation>Q @ K.transpose(0, 1)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="209"/>
        <source>Q.transpose(-2, -1) @ K</source>
        <translation>Q.transpose(-2, -1) @ K</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="221"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="227"/>
        <source>&amp;Reset zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="237"/>
        <source>&amp;Compare</source>
        <translation>对比(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="238"/>
        <source>No comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="239"/>
        <source>Scaled and not scaled</source>
        <translation>缩放与未缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="240"/>
        <source>Softmax over keys and over queries</source>
        <translation>沿键维与沿查询维 softmax</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="241"/>
        <source>d_k and 16 × d_k (at most 1024)</source>
        <translation>d_k 与 16 × d_k（至多 1024）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="242"/>
        <source>Dot product and additive</source>
        <translation>点积与加性</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="243"/>
        <source>Masked with −inf and with −1e9</source>
        <translation>以 −inf 屏蔽与以 −1e9 屏蔽</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="244"/>
        <source>By hand and F.scaled_dot_product_attention</source>
        <translation>手写与 F.scaled_dot_product_attention</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="262"/>
        <source>S&amp;weep over</source>
        <translation>扫描对象(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="264"/>
        <source>d_k (1 to 1024, scaled beside not scaled)</source>
        <translation>d_k（1 到 1024，缩放与未缩放并排）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="265"/>
        <source>the length (L = S = 1 to 4096: entropy grows like ln S)</source>
        <translation>长度（L = S = 1 到 4096：熵随 ln S 增长）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="274"/>
        <source>Sweep &amp;speed</source>
        <translation>扫描速度(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="276"/>
        <source>Slow (one d_k every 1.5 s)</source>
        <translation>慢（每 1.5 秒一个 d_k）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="277"/>
        <source>Normal (every 0.7 s)</source>
        <translation>正常（每 0.7 秒）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="277"/>
        <source>Fast (every 0.25 s)</source>
        <translation>快（每 0.25 秒）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="289"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="294"/>
        <source>System language (%1)</source>
        <translation>系统语言（%1）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="311"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="314"/>
        <source>System colours</source>
        <translation>系统配色</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="315"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="315"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="331"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="332"/>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="334"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="337"/>
        <source>&amp;About attention-viz</source>
        <translation>关于 attention-viz(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="345"/>
        <source>The Chinese translation could not be loaded; the window stays in English</source>
        <translation>无法载入中文翻译；窗口保持英文</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="366"/>
        <source>Cannot open the file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="370"/>
        <location filename="../../app/widgets/main_menus.cpp" line="381"/>
        <location filename="../../app/widgets/main_menus.cpp" line="610"/>
        <source>Cannot open the data</source>
        <translation>无法打开数据</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="376"/>
        <source>Open attention data: Q and K (and V) as one .npz or files named q, k, v; or weights alone (an .npz&apos;s attn, or a file named weights or attn)</source>
        <translation>打开注意力数据：Q 和 K（以及 V），一个 .npz 或名为 q、k、v 的文件；或单独的权重（.npz 中的 attn，或名为 weights 或 attn 的文件）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="378"/>
        <source>Attention data (*.npz *.npy *.csv *.tsv *.txt)</source>
        <translation>注意力数据 (*.npz *.npy *.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="388"/>
        <source>Cannot open the example</source>
        <translation>无法打开示例</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="394"/>
        <source>Open a scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="394"/>
        <location filename="../../app/widgets/main_menus.cpp" line="432"/>
        <source>Scenario (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="401"/>
        <source>Cannot open the scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="410"/>
        <source>Read files outside the scenario&apos;s folder?</source>
        <translation>读取场景文件夹之外的文件？</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="411"/>
        <source>%1 reads files outside its own folder:

%2

A scenario someone sent you should read only the files that came with it. Read these files anyway?</source>
        <translation>%1 会读取它所在文件夹之外的文件：

%2

别人发来的场景应当只读取随它一起提供的文件。仍然读取这些文件吗？</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="431"/>
        <source>Save the scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="431"/>
        <source>Save the demo</source>
        <translation>保存演示</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="443"/>
        <source>Cannot save the scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="446"/>
        <source>Demo saved: opening %1 restores these settings, presentation mode, the lesson step and the open windows</source>
        <translation>演示已保存：打开 %1 即恢复这些设置、演示模式、课程步骤和打开的窗口</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="449"/>
        <source>Scenario saved: %1</source>
        <translation>场景已保存：%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="468"/>
        <source>Open a lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="468"/>
        <source>Lesson (*.json)</source>
        <translation>课程 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="471"/>
        <source>Cannot open the lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="480"/>
        <source>PyTorch code copied: it draws the same tensors and prints the weights shown</source>
        <translation>已复制 PyTorch 代码：它抽取相同的张量并打印所显示的权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="492"/>
        <source>PyTorch code copied: both sides of the comparison, each printing the weights it shows</source>
        <translation>已复制 PyTorch 代码：对比的两边，各自打印所显示的权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="500"/>
        <source>Command line copied: attention-viz with these settings</source>
        <translation>已复制命令行：使用这些设置的 attention-viz</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="513"/>
        <source>About attention-viz</source>
        <translation>关于 attention-viz</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="514"/>
        <source>&lt;p&gt;&lt;b&gt;attention-viz %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Makes scaled dot-product attention visible: softmax(Q·Kᵀ/√d_k)·V with the same random tensors as torch.manual_seed and torch.randn.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;attention-viz %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;让缩放点积注意力看得见：softmax(Q·Kᵀ/√d_k)·V，随机张量与 torch.manual_seed 和 torch.randn 完全一致。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="549"/>
        <source>The main window&apos;s keys that work here too</source>
        <translation>在这里也能用的主窗口按键</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="561"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_menus.cpp" line="566"/>
        <source>&lt;p&gt;Drive the lecture from the keyboard (or a presentation clicker):&lt;/p&gt;</source>
        <translation>&lt;p&gt;用键盘（或翻页笔）操控讲课：&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="241"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="94"/>
        <location filename="../../app/widgets/main_window.cpp" line="229"/>
        <location filename="../../app/widgets/main_window.cpp" line="231"/>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="373"/>
        <source>%1: shown divided by √d_k, softmax over the keys, no mask (Ctrl+Z brings back the settings before)</source>
        <translation>%1：按 ÷√d_k、沿键维 softmax、无掩码显示（Ctrl+Z 恢复之前的设置）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="190"/>
        <source>Lesson step %1 of %2</source>
        <translation>课程第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="119"/>
        <source>length sweep running (Space stops it)</source>
        <translation>长度扫描进行中（按空格停止）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="120"/>
        <source>d_k sweep running (Space stops it)</source>
        <translation>d_k 扫描进行中（按空格停止）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="118"/>
        <source>sweep stopped</source>
        <translation>扫描已停止</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="186"/>
        <source>attention-viz — %1</source>
        <translation>attention-viz — %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="206"/>
        <source>%1, step %2 of %3</source>
        <translation>%1，第 %2 步（共 %3 步）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="210"/>
        <source>Block 1 of the lecture</source>
        <translation>讲义代码块 1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="211"/>
        <source>Block 2 of the lecture</source>
        <translation>讲义代码块 2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="211"/>
        <source>Block 3 of the lecture</source>
        <translation>讲义代码块 3</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="212"/>
        <source>the lecture&apos;s exercise</source>
        <translation>讲义的练习</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="217"/>
        <source>the scenario&apos;s example</source>
        <translation>场景中的示例</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="221"/>
        <source>the built-in example (%1)</source>
        <translation>内置示例（%1）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="222"/>
        <source>your data (%1)</source>
        <translation>你的数据（%1）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="224"/>
        <source>your settings</source>
        <translation>你的设置</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="355"/>
        <source>These arrays are too large for this machine.</source>
        <translation>这些数组对这台机器来说太大了。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/main_window.cpp" line="368"/>
        <source>%1: %2 values are NaN or infinite; the weights of the rows whose scores they make NaN or +∞ are NaN, as in PyTorch (grey on the map).</source>
        <translation>%1：%2 个值为 NaN 或无穷；分数因此为 NaN 或 +∞ 的行，其权重为 NaN，与 PyTorch 相同（图中为灰色）。</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="22"/>
        <source>%1 (head)</source>
        <translation>%1（头）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="23"/>
        <source>%1 (not probabilities; the entropy counts the positive ones)</source>
        <translation>%1 个（不是概率；熵只计入正的权重）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="24"/>
        <source>%1 (the batch size), got %2</source>
        <translation>%1（批大小），实际为 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="25"/>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="26"/>
        <source>%1 bytes, more than the %2 an array file may have</source>
        <translation>%1 字节，超过一个数组文件允许的 %2 字节</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="27"/>
        <source>%1 entries, more than the %2 an .npz of attention data may hold</source>
        <translation>%1 个条目，超过注意力数据的 .npz 允许的 %2 个</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="28"/>
        <source>%1 is a folder, not a file</source>
        <translation>%1 是文件夹，不是文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="29"/>
        <source>%1 is newer than this program reads (%2); update attention-viz</source>
        <translation>%1 比本程序能读取的版本（%2）更新；请更新 attention-viz</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="30"/>
        <source>%1 is not a number</source>
        <translation>%1 不是数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="31"/>
        <source>%1 of %2 (from %3 to %4)</source>
        <translation>%2 行中有 %1 行（从 %3 到 %4）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="32"/>
        <source>%1 queries have every key masked; their weights are %2 here, NaN in PyTorch</source>
        <translation>%1 个查询的所有键都被屏蔽；它们的权重在这里为 %2，在 PyTorch 中为 NaN</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="33"/>
        <source>%1 runs both, scaled and not; %2 chooses how the scaled run is scaled</source>
        <translation>%1 会缩放与不缩放各跑一次；%2 选择缩放那一次如何缩放</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="34"/>
        <source>%1 shows them as they are</source>
        <translation>%1 会按原样显示它们</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="35"/>
        <source>%1 starts both sides from the lecture&apos;s line (divided by sqrt(d_k), softmax over the keys) and changes one thing; leave out %2</source>
        <translation>%1 让两边都从讲义的写法开始（除以 sqrt(d_k)，沿键维 softmax），只改动一处；请去掉 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="38"/>
        <source>%1 steps at d_k = %2, d_model = %3, batch %4 would take over a minute; lower the steps, d_k, d_model or the batch</source>
        <translation>d_k = %2、d_model = %3、批大小 %4 时 %1 步需要一分钟以上；请减少步数、d_k、d_model 或批大小</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="41"/>
        <source>%1 tokens make %2 queries and keys; leave out %3 and %4</source>
        <translation>%1 个词元就是 %2 个查询和键；请去掉 %3 和 %4</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="42"/>
        <source>%1 unpacks to %2 bytes, more than the %3 an array may take</source>
        <translation>%1 解压后有 %2 字节，超过一个数组允许的 %3 字节</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="43"/>
        <source>%1 × %2 is more than %3 million pixels in all</source>
        <translation>%1 × %2 总共超过 %3 百万像素</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="44"/>
        <source>%1 × %2 pixels is larger than %3 pixels on a side</source>
        <translation>%1 × %2 像素，有一边超过 %3 像素</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="45"/>
        <source>%1 × %2 pixels is smaller than %3 pixels on a side</source>
        <translation>%1 × %2 像素，有一边小于 %3 像素</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="46"/>
        <source>%1 × %2 points is more than %3 million points in all for PDF and SVG</source>
        <translation>%1 × %2 点，对 PDF 和 SVG 来说总共超过 %3 百万点</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="47"/>
        <source>%1, in %2 row (no entropy there)</source>
        <translation>%1 个，在 %2 行中（这一行没有熵）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="48"/>
        <source>%1, in %2 rows (no entropy there)</source>
        <translation>%1 个，在 %2 行中（这些行没有熵）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="49"/>
        <source>FIRST..LAST runs over powers of two</source>
        <translation>FIRST..LAST 按 2 的幂依次取值</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="50"/>
        <source>Is a directory</source>
        <translation>是文件夹</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="51"/>
        <source>Missing value after %1.</source>
        <translation>%1 后面缺少值。</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="52"/>
        <source>NaN or infinite weights</source>
        <translation>NaN 或无穷大的权重</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="53"/>
        <source>No space left on device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="54"/>
        <source>No such file or directory</source>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="55"/>
        <source>Not a directory</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="56"/>
        <source>Permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="57"/>
        <source>Q·Kᵀ needs both</source>
        <translation>Q·Kᵀ 两者都需要</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="58"/>
        <source>Read-only file system</source>
        <translation>只读文件系统</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="59"/>
        <source>Unknown option %1.</source>
        <translation>未知选项 %1。</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="60"/>
        <source>Unknown options: %1.</source>
        <translation>未知选项：%1。</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="61"/>
        <source>a custom mask is edited cell by cell</source>
        <translation>自定义掩码要逐格编辑</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="62"/>
        <source>a custom mask needs its rows, an array of strings such as [&quot;.x&quot;, &quot;..&quot;] (%1 looks, %2 masked)</source>
        <translation>自定义掩码需要给出各行，即形如 [&quot;.x&quot;, &quot;..&quot;] 的字符串数组（%1 表示可见，%2 表示屏蔽）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="64"/>
        <source>a damaged zip archive</source>
        <translation>损坏的 zip 压缩包</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="65"/>
        <source>additive scores are not scaled, so scaled and not scaled would be the same</source>
        <translation>加性打分不做缩放，缩放与不缩放会完全相同</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="66"/>
        <source>additive scores are not scaled, so scaled and not scaled would be the same; use %1 score</source>
        <translation>加性打分不做缩放，缩放与不缩放会完全相同；请用 %1 score</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="68"/>
        <source>additive scores are not scaled; leave it out (or use %1 dot)</source>
        <translation>加性打分不做缩放；请去掉它（或用 %1 dot）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="69"/>
        <source>adds position encodings to token embeddings; needs %1 in projection mode</source>
        <translation>给词元嵌入加上位置编码；需要在投影模式下使用 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="70"/>
        <source>an empty file, not a NumPy .npy file</source>
        <translation>空文件，不是 NumPy .npy 文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="71"/>
        <source>at most %1 batch elements (times heads), %2 rows and %3 columns</source>
        <translation>最多 %1 个批次元素（乘以头数）、%2 行和 %3 列</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="72"/>
        <source>at most %1 characters (got %2)</source>
        <translation>最多 %1 个字符（实际为 %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="73"/>
        <source>at most %1 queries and keys (L = %2, S = %3)</source>
        <translation>查询和键最多 %1 个（L = %2，S = %3）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="74"/>
        <source>batch %1</source>
        <translation>批次 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="75"/>
        <source>both must be powers of two, FIRST &lt;= LAST (got %1)</source>
        <translation>两者都必须是 2 的幂，且 FIRST &lt;= LAST（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="76"/>
        <source>cannot be combined with %1</source>
        <translation>不能与 %1 同时使用</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="77"/>
        <source>cannot be combined with %1 (both say how to scale)</source>
        <translation>不能与 %1 同时使用（两者都规定了如何缩放）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="78"/>
        <source>cannot read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="79"/>
        <source>cannot read its list of entries</source>
        <translation>无法读取它的条目列表</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="80"/>
        <source>cannot unpack (%1)</source>
        <translation>无法解压（%1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="81"/>
        <source>%1 is encrypted (it needs a password); save the arrays again with np.savez</source>
        <translation>%1 已加密（需要密码）；请用 np.savez 重新保存这些数组</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="85"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="86"/>
        <source>chooses a map of %1; give %2 FILE too</source>
        <translation>用于选择 %1 中的一张图；请同时给出 %2 FILE</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="87"/>
        <source>does not apply to the sweep&apos;s numbers or pictures (each trial is one direct-mode query against %1 keys at every d_k; the sweep takes %2, %3, %4, %5, %6, %7 and %8 additive with %9)</source>
        <translation>不适用于扫描的数字或图片（每次试验都是在每个 d_k 下，一个直接模式的查询对 %1 个键；扫描只接受 %2、%3、%4、%5、%6、%7 以及 %8 additive 配 %9）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="90"/>
        <source>does not apply to the training runs (they take %1, %2, %3, %4, %5, %6, %7 and the %8... options)</source>
        <translation>不适用于训练（训练只接受 %1、%2、%3、%4、%5、%6、%7 以及 %8... 选项）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="92"/>
        <source>every key is masked for queries %1; masked_fill(%2) gives them uniform weights %3/%4, as in PyTorch (a -inf mask gives NaN there)</source>
        <translation>查询 %1 的所有键都被屏蔽；masked_fill(%2) 让它们得到均匀权重 %3/%4，与 PyTorch 相同（-inf 掩码在那里给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="95"/>
        <source>every key is masked for queries %1; their weights are set to %2 (PyTorch gives NaN)</source>
        <translation>查询 %1 的所有键都被屏蔽；它们的权重设为 %2（PyTorch 给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="97"/>
        <source>every key is masked for query %1; its weights are set to %2 (PyTorch gives NaN)</source>
        <translation>查询 %1 的所有键都被屏蔽；它的权重设为 %2（PyTorch 给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="98"/>
        <source>every key is masked for query %1; masked_fill(%2) gives it uniform weights %3/%4, as in PyTorch (a -inf mask gives NaN there)</source>
        <translation>查询 %1 的所有键都被屏蔽；masked_fill(%2) 让它得到均匀权重 %3/%4，与 PyTorch 相同（-inf 掩码在那里给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="101"/>
        <source>every picture would be the same</source>
        <translation>每张图都会一样</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="102"/>
        <source>every query is masked for key %1; its weights are set to %2 (PyTorch gives NaN)</source>
        <translation>键 %1 对所有查询都被屏蔽；它的权重设为 %2（PyTorch 给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="103"/>
        <source>every query is masked for key %1; masked_fill(%2) gives it uniform weights %3/%4, as in PyTorch (a -inf mask gives NaN there)</source>
        <translation>键 %1 对所有查询都被屏蔽；masked_fill(%2) 让它得到均匀权重 %3/%4，与 PyTorch 相同（-inf 掩码在那里给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="106"/>
        <source>every query is masked for keys %1; masked_fill(%2) gives them uniform weights %3/%4, as in PyTorch (a -inf mask gives NaN there)</source>
        <translation>键 %1 对所有查询都被屏蔽；masked_fill(%2) 让它们得到均匀权重 %3/%4，与 PyTorch 相同（-inf 掩码在那里给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="109"/>
        <source>every query is masked for keys %1; their weights are set to %2 (PyTorch gives NaN)</source>
        <translation>键 %1 对所有查询都被屏蔽；它们的权重设为 %2（PyTorch 给出 NaN）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="110"/>
        <source>every size must be at least %1</source>
        <translation>每一维都至少为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="111"/>
        <source>expected &quot;attention-viz-scenario&quot;</source>
        <translation>应为 &quot;attention-viz-scenario&quot;</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="112"/>
        <source>expected %1 (looks) or %2 (masked), got %3</source>
        <translation>应为 %1（可见）或 %2（屏蔽），实际为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="113"/>
        <source>expected %1 (over keys) or %2 (over queries), got %3</source>
        <translation>应为 %1（沿键维）或 %2（沿查询维），实际为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="114"/>
        <source>expected (L, d), (B, L, d) or (B, H, L, d)</source>
        <translation>应为 (L, d)、(B, L, d) 或 (B, H, L, d)</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="115"/>
        <source>expected -inf (a boolean mask&apos;s) or %1 (masked_fill(mask, %2)), got %3</source>
        <translation>应为 -inf（布尔掩码的做法）或 %1（masked_fill(mask, %2)），实际为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="116"/>
        <source>expected FIRST..LAST or a list such as %1,%2,%3</source>
        <translation>应为 FIRST..LAST 或形如 %1,%2,%3 的列表</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="117"/>
        <source>expected N or LAYER,BATCH,HEAD, got %1</source>
        <translation>应为 N 或 LAYER,BATCH,HEAD，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="118"/>
        <source>expected NAME=V1,V2,... with NAME one of d-k, len, keys, d-model, d-v, seed, scale, scaling, init, sigma, softmax-dim, mask, batch-index, got %1</source>
        <translation>应为 NAME=V1,V2,...，NAME 取 d-k、len、keys、d-model、d-v、seed、scale、scaling、init、sigma、softmax-dim、mask、batch-index 之一，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="121"/>
        <source>expected WIDTHxHEIGHT in pixels such as %1, got %2</source>
        <translation>应为以像素计的 宽x高，例如 %1，实际为 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="122"/>
        <source>expected a JSON object at the top</source>
        <translation>最外层应为 JSON 对象</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="123"/>
        <source>expected a file name</source>
        <translation>应给出文件名</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="124"/>
        <source>expected a file name or - for standard output</source>
        <translation>应给出文件名，或用 - 表示标准输出</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="125"/>
        <source>expected a list of strings</source>
        <translation>应为字符串列表</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="126"/>
        <source>expected a non-empty list of scenarios</source>
        <translation>应为非空的场景列表</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="127"/>
        <source>expected a number from %1 to %2</source>
        <translation>应为 %1 到 %2 之间的数</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="128"/>
        <source>expected a number from %1 to %2 such as %3, got %4</source>
        <translation>应为 %1 到 %2 之间的数，例如 %3，实际为 %4</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="129"/>
        <source>expected a number, got %1</source>
        <translation>应为数字，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="130"/>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="131"/>
        <source>expected a string or {&quot;en&quot;: ..., &quot;zh&quot;: ...}</source>
        <translation>应为字符串或 {&quot;en&quot;: ..., &quot;zh&quot;: ...}</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="132"/>
        <source>expected a whole number</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="133"/>
        <source>expected a whole number from %1 to %2 (as a string above %3^%4)</source>
        <translation>应为 %1 到 %2 之间的整数（超过 %3^%4 时写成字符串）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="134"/>
        <source>expected a whole number from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的整数，实际为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="135"/>
        <source>expected a whole number, got %1</source>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="136"/>
        <source>expected an .npz archive (np.savez) with q, k (v, tokens); for one array per file use %1, %2, %3</source>
        <translation>应为含 q、k（以及 v、tokens）的 .npz 压缩包（np.savez）；每个文件一个数组时请用 %1、%2、%3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="138"/>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="139"/>
        <source>expected d-k=FIRST..LAST (powers of two) or d-k=%1,%2,%3, got %4</source>
        <translation>应为 d-k=FIRST..LAST（2 的幂）或 d-k=%1,%2,%3，实际为 %4</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="140"/>
        <source>expected dot or additive, got %1</source>
        <translation>应为 dot 或 additive，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="141"/>
        <source>expected en or zh, got %1</source>
        <translation>应为 en 或 zh，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="142"/>
        <source>expected fixed (%1 to %2) or fit, got %3</source>
        <translation>应为 fixed（%1 到 %2）或 fit，实际为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="143"/>
        <source>expected no-scale, softmax-dim, mha-mask-in-sdpa, transpose-0-1 or transpose-q, got %1</source>
        <translation>应为 no-scale、softmax-dim、mha-mask-in-sdpa、transpose-0-1 或 transpose-q，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="145"/>
        <source>expected none, causal, pad:N, pad:N1,N2,... or custom:ROWS, got %1</source>
        <translation>应为 none、causal、pad:N、pad:N1,N2,... 或 custom:ROWS，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="147"/>
        <source>expected normal or randn, got %1</source>
        <translation>应为 normal 或 randn，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="148"/>
        <source>expected one dimension of text (dtype &lt;U or |S), got dtype %1 and shape %2</source>
        <translation>应为一维文本（dtype &lt;U 或 |S），实际 dtype 为 %1，形状为 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="149"/>
        <source>expected one of -inf, %1 (got %2)</source>
        <translation>应为 -inf、%1 之一（实际为 %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="150"/>
        <source>expected one of dot, additive (got %1)</source>
        <translation>应为 dot、additive 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="151"/>
        <source>expected one of fixed, fit (got %1)</source>
        <translation>应为 fixed、fit 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="152"/>
        <source>expected one of inv_sqrt_d_k, none, custom, inv_d_k, inv_sqrt_d_model, quarter_each (got %1)</source>
        <translation>应为 inv_sqrt_d_k、none、custom、inv_d_k、inv_sqrt_d_model、quarter_each 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="155"/>
        <source>expected one of projection, direct (got %1)</source>
        <translation>应为 projection、direct 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="156"/>
        <source>expected one of randn, scaled, linear (got %1)</source>
        <translation>应为 randn、scaled、linear 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="157"/>
        <source>expected one of sdpa, mha (got %1)</source>
        <translation>应为 sdpa、mha 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="158"/>
        <source>expected one of viridis, cividis, magma, grayscale, coolwarm (got %1)</source>
        <translation>应为 viridis、cividis、magma、grayscale、coolwarm 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="159"/>
        <source>expected one of viridis, cividis, magma, grayscale, coolwarm, got %1</source>
        <translation>应为 viridis、cividis、magma、grayscale、coolwarm 之一，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="160"/>
        <source>expected one of weights, scores, logits (got %1)</source>
        <translation>应为 weights、scores、logits 之一（实际为 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="161"/>
        <source>expected one output DIR after its value</source>
        <translation>在它的值后面应给出一个输出文件夹</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="162"/>
        <source>expected one output FILE after its value</source>
        <translation>在它的值后面应给出一个输出文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="163"/>
        <source>expected png, jpg, pdf or svg, got %1</source>
        <translation>应为 png、jpg、pdf 或 svg，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="164"/>
        <source>expected projection or direct, got %1</source>
        <translation>应为 projection 或 direct，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="165"/>
        <source>expected randn, scaled or linear, got %1</source>
        <translation>应为 randn、scaled 或 linear，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="166"/>
        <source>expected scaling or softmax-dim, got %1</source>
        <translation>应为 scaling 或 softmax-dim，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="167"/>
        <source>expected sdpa (True = take part) or mha (True = ignore), got %1</source>
        <translation>应为 sdpa（True = 参与）或 mha（True = 忽略），实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="168"/>
        <source>expected sgd or adam, got %1</source>
        <translation>应为 sgd 或 adam，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="169"/>
        <source>expected sqrt-d-k, none, d-k, sqrt-d-model or quarter-each, got %1</source>
        <translation>应为 sqrt-d-k、none、d-k、sqrt-d-model 或 quarter-each，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="170"/>
        <source>expected strings of %1 and %2, one per query</source>
        <translation>应为由 %1 和 %2 组成的字符串，每个查询一个</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="171"/>
        <source>expected system, light or dark, got %1</source>
        <translation>应为 system、light 或 dark，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="172"/>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="173"/>
        <source>expected weights, scores or logits, got %1</source>
        <translation>应为 weights、scores 或 logits，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="174"/>
        <source>float16, float32, float64, integers and booleans are</source>
        <translation>支持的是 float16、float32、float64、整数和布尔值</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="175"/>
        <source>garbage at the end of the document</source>
        <translation>文件末尾的垃圾</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="176"/>
        <source>give %1 and %2 in separate runs</source>
        <translation>%1 和 %2 请分两次运行</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="177"/>
        <source>give either %1 or %2, not both</source>
        <translation>%1 和 %2 只能给一个</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="178"/>
        <source>give either an .npz (%1) or the arrays one by one (%2, %3), not both</source>
        <translation>要么给一个 .npz（%1），要么逐个给出数组（%2、%3），不能两者都给</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="179"/>
        <source>goes with %1 and %2</source>
        <translation>要与 %1 和 %2 一起使用</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="180"/>
        <source>holds attention weights, not q and k</source>
        <translation>含有的是注意力权重，不是 q 和 k</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="181"/>
        <source>holds k but no q</source>
        <translation>含有 k 但没有 q</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="182"/>
        <source>holds no arrays at all</source>
        <translation>不含任何数组</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="183"/>
        <source>holds no q, k, v, weights or attn, only %1</source>
        <translation>不含 q、k、v、weights 或 attn，只有 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="184"/>
        <source>holds no weights or attn array</source>
        <translation>不含 weights 或 attn 数组</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="185"/>
        <source>holds q but no k</source>
        <translation>含有 q 但没有 k</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="186"/>
        <source>illegal number</source>
        <translation>非法数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="187"/>
        <source>illegal value</source>
        <translation>非法值</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="188"/>
        <source>invalid UTF8 string</source>
        <translation>无效的 UTF8 字符串</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="189"/>
        <source>invalid escape sequence</source>
        <translation>无效的转义序列</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="190"/>
        <source>invalid termination by number</source>
        <translation>无效的编号终止</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="191"/>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="192"/>
        <source>is not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="193"/>
        <source>it ends inside its header</source>
        <translation>文件在文件头中间就结束了</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="194"/>
        <source>it has a line of names and no numbers under it</source>
        <translation>它有一行名称，下面却没有数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="195"/>
        <source>it has more values than the %1 a loaded array may have</source>
        <translation>它含有的值超过了载入的数组允许的 %1 个</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="196"/>
        <source>it has names and no numbers beside them</source>
        <translation>它有名称，旁边却没有数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="197"/>
        <source>it holds Python objects (dtype object)</source>
        <translation>它存放的是 Python 对象（dtype object）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="198"/>
        <source>it holds no numbers (an empty file)</source>
        <translation>它不含任何数字（空文件）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="199"/>
        <source>it holds zero bytes</source>
        <translation>它是零字节的</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="200"/>
        <source>it is a structured array (fields [(%1, %2), (%3, %4)])</source>
        <translation>它是结构化数组（字段 [(%1, %2), (%3, %4)]）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="201"/>
        <source>it shows batch element %1, but %2 %3 has no such element; add %4</source>
        <translation>它显示第 %1 个批次元素，但 %2 %3 中没有这个元素；请加上 %4</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="202"/>
        <source>its .npy format version %1 is not one of %2, %3 and %4</source>
        <translation>它的 .npy 格式版本 %1 不是 %2、%3、%4 之一</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="203"/>
        <source>its data does not unpack to the %1 bytes it says (damaged?)</source>
        <translation>它的数据解压后不是所说的 %1 字节（已损坏？）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="204"/>
        <source>its dtype %1 (complex numbers) is not supported</source>
        <translation>不支持它的数据类型 %1（复数）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="205"/>
        <source>its dtype %1 (text) is not supported</source>
        <translation>不支持它的数据类型 %1（文本）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="206"/>
        <source>its first line has %1 names for %2 columns of numbers</source>
        <translation>它的第一行有 %1 个名称，却有 %2 列数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="207"/>
        <source>its header has no %1</source>
        <translation>文件头中没有 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="208"/>
        <source>its header has no %1 (the dtype)</source>
        <translation>文件头中没有 %1（数据类型）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="209"/>
        <source>its header has no %1 of True or False</source>
        <translation>文件头中没有取 True 或 False 的 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="210"/>
        <source>its header is %1 bytes long (at most %2 MiB)</source>
        <translation>文件头长 %1 字节（最多 %2 MiB）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="211"/>
        <source>its header names %1 twice (NumPy would take the last, this program cannot tell which is meant)</source>
        <translation>文件头两次写了 %1（NumPy 会取后一个，本程序无法判断用的是哪一个）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="213"/>
        <source>its header is longer than the file</source>
        <translation>文件头比文件还长</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="214"/>
        <source>its header says %1 texts of %2 bytes, but the file has %3 bytes of data</source>
        <translation>文件头说有 %1 个 %2 字节的文本，但文件只有 %3 字节的数据</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="215"/>
        <source>its header says %1 values of %2 bytes (%3 bytes), but the file has %4 bytes of data (cut short?)</source>
        <translation>文件头说有 %1 个 %2 字节的值（%3 字节），但文件只有 %4 字节的数据（被截断了？）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="217"/>
        <source>its header says it is %1 bytes long, but the file has %2 bytes after the header length</source>
        <translation>文件头说它长 %1 字节，但文件在文件头长度之后只有 %2 字节</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="219"/>
        <source>its header&apos;s shape %1 has a negative size</source>
        <translation>文件头中的形状 %1 有负的维度</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="220"/>
        <source>its mask pad:%1 does not fit the %2 keys and batch of %3 the other options give; add %4</source>
        <translation>它的掩码 pad:%1 与其他选项给出的 %2 个键、批大小 %3 不相符；请加上 %4</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="222"/>
        <source>its shape %1 has more values than the %2 a loaded array may have</source>
        <translation>它的形状 %1 含有的值超过了载入的数组允许的 %2 个</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="223"/>
        <source>k has shape %1</source>
        <translation>k 的形状为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="224"/>
        <source>k is %1</source>
        <translation>k 为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="225"/>
        <source>line %1 has %2 cells, line %3 has %4 (every line needs as many)</source>
        <translation>第 %1 行有 %2 个单元格，第 %3 行有 %4 个（每行的个数必须相同）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="226"/>
        <source>line %1 is empty, between lines of numbers</source>
        <translation>第 %1 行是空的，夹在数字行之间</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="227"/>
        <source>line %1, cell %2</source>
        <translation>第 %1 行，第 %2 格</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="228"/>
        <source>line %1, cell %2 is empty (a separator too many?)</source>
        <translation>第 %1 行第 %2 格是空的（多了一个分隔符？）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="229"/>
        <source>loaded Q and K fix d_k (%1); compare scaling, softmax-dim, score or mask-fill instead</source>
        <translation>载入的 Q 和 K 固定了 d_k（%1）；请改为对比 scaling、softmax-dim、score 或 mask-fill</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="231"/>
        <source>loaded Q, K and V are used as they are (direct); leave out %1</source>
        <translation>载入的 Q、K、V 原样使用（直接模式）；请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="232"/>
        <source>loaded Q, K, V fix d-k</source>
        <translation>载入的 Q、K、V 固定了 d-k</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="233"/>
        <source>missing name separator</source>
        <translation>缺少名称分隔符</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="234"/>
        <source>missing value separator</source>
        <translation>缺失值分隔符</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="235"/>
        <source>more than the %1 bytes an array file may have</source>
        <translation>超过一个数组文件允许的 %1 字节</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="236"/>
        <source>must be a finite number other than %1</source>
        <translation>必须是不等于 %1 的有限数</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="237"/>
        <source>must be from %1 to %2 (got %3)</source>
        <translation>必须在 %1 到 %2 之间（实际为 %3）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="238"/>
        <source>must be more than %1 (got %2)</source>
        <translation>必须大于 %1（实际为 %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="239"/>
        <source>needs %1 (the step of which lesson?)</source>
        <translation>需要 %1（是哪个课程的步骤？）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="240"/>
        <source>needs %1 rows (one per query, joined by %2), got %3</source>
        <translation>需要 %1 行（每个查询一行，用 %2 连接），实际为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="241"/>
        <source>needs %1 too (Q·Kᵀ takes both)</source>
        <translation>还需要 %1（Q·Kᵀ 两者都要）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="242"/>
        <source>negative weights</source>
        <translation>负的权重</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="243"/>
        <source>no such file</source>
        <translation>没有这个文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="244"/>
        <source>%1 is also the input of %2; write to another file</source>
        <translation>%1 也是 %2 的输入；请写到另一个文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="245"/>
        <source>%1 is also the output of %2; give each output its own file</source>
        <translation>%1 也是 %2 的输出；请给每个输出各自的文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="246"/>
        <source>a loop of symbolic links</source>
        <translation>符号链接构成了循环</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="247"/>
        <source>a symbolic link to %1, which does not exist</source>
        <translation>指向 %1 的符号链接，而它不存在</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="248"/>
        <source>cannot be reached (%1)</source>
        <translation>无法访问（%1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="249"/>
        <source>no values after %1</source>
        <translation>%1 后面没有值</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="250"/>
        <source>no words in %1</source>
        <translation>%1 中没有词</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="251"/>
        <source>item %1 of the JSON list is not a word (a non-empty string)</source>
        <translation>JSON 列表的第 %1 项不是词（非空字符串）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="252"/>
        <source>not a NumPy .npy file</source>
        <translation>不是 NumPy .npy 文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="253"/>
        <source>not a NumPy .npy file (it does not start with \x93NUMPY)</source>
        <translation>不是 NumPy .npy 文件（不以 \x93NUMPY 开头）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="254"/>
        <source>not a regular file (a device, FIFO or socket)</source>
        <translation>不是普通文件（是设备、FIFO 或套接字）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="255"/>
        <source>not a softmax over the keys</source>
        <translation>不是沿键维的 softmax</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="256"/>
        <source>not a text file (a .npy saved under another name?)</source>
        <translation>不是文本文件（是换了名字的 .npy？）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="257"/>
        <source>not a zip archive (an .npz is one: np.savez)</source>
        <translation>不是 zip 压缩包（.npz 就是一种：np.savez）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="258"/>
        <source>not an .npy entry (an .npz holds .npy files)</source>
        <translation>不是 .npy 条目（.npz 中存放的是 .npy 文件）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="259"/>
        <source>not valid JSON (%1 at byte %2)</source>
        <translation>不是有效的 JSON（第 %2 字节处%1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="260"/>
        <source>object is missing after a comma</source>
        <translation>逗号后缺少对象</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="261"/>
        <source>only applies to %1</source>
        <translation>只适用于 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="262"/>
        <source>only applies to %1 additive</source>
        <translation>只适用于 %1 additive</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="263"/>
        <source>only applies to %1 projection (in direct mode K and V are drawn directly)</source>
        <translation>只适用于 %1 projection（直接模式下 K 和 V 直接生成）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="264"/>
        <source>only applies to %1 projection (in direct mode Q, K and V are drawn without weights)</source>
        <translation>只适用于 %1 projection（直接模式下 Q、K、V 不经权重直接生成）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="266"/>
        <source>only for &quot;mask&quot;: &quot;custom&quot;</source>
        <translation>只用于 &quot;mask&quot;: &quot;custom&quot;</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="267"/>
        <source>pad:N needs a number of keys N from %1 to %2 (the key length), got %3 in %4</source>
        <translation>pad:N 需要键数 N 在 %1 到 %2（键的长度）之间，%4 中为 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="268"/>
        <source>pad:N1,N2,... needs one count per batch element</source>
        <translation>pad:N1,N2,... 需要每个批次元素一个计数</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="269"/>
        <source>position encodings are added to token embeddings</source>
        <translation>位置编码是加在词元嵌入上的</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="270"/>
        <source>prints the settings&apos; PyTorch code and exits; leave out %1</source>
        <translation>只打印这些设置的 PyTorch 代码然后退出；请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="271"/>
        <source>prints the settings&apos; command and exits; leave out %1</source>
        <translation>只打印这些设置的命令然后退出；请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="272"/>
        <source>q %1 and k %2 need the same batch (and heads) in front of their rows</source>
        <translation>q %1 和 k %2 在行之前需要相同的批次（和头数）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="273"/>
        <source>q %1 and k %2 need the same width d_k to be multiplied (Q·Kᵀ)</source>
        <translation>q %1 和 k %2 需要相同的宽度 d_k 才能相乘（Q·Kᵀ）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="274"/>
        <source>q has shape %1</source>
        <translation>q 的形状为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="300"/>
        <source>these sizes would write about %1 MiB of JSON, more than the %2 MiB allowed; reduce %3, %4 or %5, or write the weights alone with %6 %7</source>
        <translation>这些尺寸约会写出 %1 MiB 的 JSON，超过允许的 %2 MiB；请减小 %3、%4 或 %5，或用 %6 %7 只写出权重</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="333"/>
        <source>weights of shape %1</source>
        <translation>形状为 %1 的权重</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="339"/>
        <source>write it once</source>
        <translation>只写一次</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="340"/>
        <source>d_model = %1 is not divisible by %2 heads (nn.MultiheadAttention needs d_model = h·d_k)</source>
        <translation>d_model = %1 不能被 %2 个头整除（nn.MultiheadAttention 要求 d_model = h·d_k）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="342"/>
        <source>goes with %1 mha (nn.MultiheadAttention&apos;s weights and X), e.g. %2 mha %3 %4 %5 %6 %7 FILE</source>
        <translation>需与 %1 mha 一起使用（nn.MultiheadAttention 的权重和 X），例如 %2 mha %3 %4 %5 %6 %7 FILE</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="344"/>
        <source>does not apply to %1 mha (it takes %2, %3, %4, %5, %6, %7 none|causal|pad:N and %8)</source>
        <translation>不适用于 %1 mha（它接受 %2、%3、%4、%5、%6、%7 none|causal|pad:N 和 %8）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="346"/>
        <source>mha writes its numbers with %1 FILE (the window does not show multi-head attention yet)</source>
        <translation>mha 用 %1 FILE 写出数值（窗口尚不显示多头注意力）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="348"/>
        <source>these sizes would write about %1 MiB of JSON, more than the %2 MiB allowed; reduce %3, %4 or %5</source>
        <translation>这些尺寸会写出约 %1 MiB 的 JSON，超过允许的 %2 MiB；请减小 %3、%4 或 %5</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="350"/>
        <source>nn.MultiheadAttention&apos;s heads have d_k = d_v = d_model / h = %1; leave out %2 or give %3</source>
        <translation>nn.MultiheadAttention 的每个头 d_k = d_v = d_model / h = %1；请去掉 %2 或给出 %3</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="352"/>
        <source>the padding must leave at least one key (pad:N with N from %1 to %2, got %3)</source>
        <translation>填充必须至少留下一个键（pad:N，N 从 %1 到 %2，得到 %3）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="353"/>
        <source>PyTorch gives NaN for a query that sees no key</source>
        <translation>看不到任何键的查询在 PyTorch 中得到 NaN</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="354"/>
        <source>%1 mha projects X, as nn.MultiheadAttention does</source>
        <translation>%1 mha 像 nn.MultiheadAttention 一样对 X 做投影</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="355"/>
        <source>leave out %1</source>
        <translation>请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="356"/>
        <source>with %1 mha, none, causal (attn_mask) or pad:N (key_padding_mask, the last N keys of every batch element), got %2</source>
        <translation>使用 %1 mha 时，掩码为 none、causal（attn_mask）或 pad:N（key_padding_mask，每个批次元素的最后 N 个键），得到 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="275"/>
        <source>row %1 needs %2 cells (one per key, %3 looks, %4 masked), got %5</source>
        <translation>第 %1 行需要 %2 个单元格（每个键一个，%3 表示可见，%4 表示屏蔽），实际为 %5</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="14"/>
        <source>cannot tell whether it holds Q, K or V</source>
        <translation>无法判断它存的是 Q、K 还是 V</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="15"/>
        <source>name the files q, k and v (%1, %2, queries.csv, or ending _q, _k, _v), or save them together with np.savez(FILE, q=..., k=..., v=...); weights alone open from a file whose name holds weights or attn</source>
        <translation>请把文件命名为 q、k 和 v（%1、%2、queries.csv，或以 _q、_k、_v 结尾），或用 np.savez(FILE, q=..., k=..., v=...) 一起保存；单独的权重从文件名含 weights 或 attn 的文件打开</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="18"/>
        <source>both hold the same one of Q, K and V; choose one file for each</source>
        <translation>都存的是 Q、K、V 中的同一个；每个请只选一个文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="19"/>
        <source>Open Q and K together (and V if you have it)</source>
        <translation>请同时打开 Q 和 K（有 V 的话也一起）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="20"/>
        <source>one .npz, or two or three files named q, k and v</source>
        <translation>一个 .npz，或两三个名为 q、k 和 v 的文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="21"/>
        <source>no file chosen</source>
        <translation>没有选择文件</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="82"/>
        <source>%1 uses compression method %2 (%3), which this program cannot unpack (an .npz is stored or deflated: np.savez, np.savez_compressed)</source>
        <translation>%1 使用压缩方法 %2（%3），本程序无法解压（.npz 应为不压缩或 deflate 压缩：np.savez、np.savez_compressed）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="146"/>
        <source>expected none, scaling, softmax-dim, score, mask-fill, sdpa or d-k:N, got %1</source>
        <translation>应为 none、scaling、softmax-dim、score、mask-fill、sdpa 或 d-k:N，得到 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="154"/>
        <source>expected one of none, scaling, softmax-dim, d-k, score, mask-fill, sdpa (got %1)</source>
        <translation>应为 none、scaling、softmax-dim、d-k、score、mask-fill、sdpa 之一（得到 %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="276"/>
        <source>row %1, key %2</source>
        <translation>第 %1 行，键 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="277"/>
        <source>rows that do not sum to %1</source>
        <translation>行和不为 %1 的行</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="278"/>
        <source>save one plain numeric array per file</source>
        <translation>请每个文件保存一个普通的数值数组</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="279"/>
        <source>such arrays are pickles, which are never loaded; save numbers (e.g. np.asarray(x, dtype=np.float32))</source>
        <translation>这样的数组是 pickle，从不载入；请保存数字（例如 np.asarray(x, dtype=np.float32)）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="281"/>
        <source>the %1 tokens are not shown</source>
        <translation>这 %1 个词元没有显示</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="282"/>
        <source>the file name must end in .png, got %1</source>
        <translation>文件名必须以 .png 结尾，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="283"/>
        <source>the lecture&apos;s mistakes are the dot product&apos;s; leave out %1 additive</source>
        <translation>讲义中的错误都是点积的错误；请去掉 %1 additive</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="284"/>
        <source>the lesson&apos;s step gives the starting state; leave out %1</source>
        <translation>课程的步骤给出了起始状态；请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="285"/>
        <source>the loaded files fix B, L, S, d_k and d_v and are not drawn; leave out %1</source>
        <translation>载入的文件固定了 B、L、S、d_k 和 d_v，不再随机生成；请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="286"/>
        <source>the mask pad:%1 masks more keys than the %2 there are</source>
        <translation>掩码 pad:%1 屏蔽的键比现有的 %2 个还多</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="287"/>
        <source>the output folder name is empty</source>
        <translation>输出文件夹名为空</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="288"/>
        <source>the sweep draws both sides, scaled and not; %1 chooses how the scaled side is scaled</source>
        <translation>扫描会缩放与不缩放两边都画；%1 选择缩放的一边如何缩放</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="290"/>
        <source>the training runs use the dot product, scaled and not; leave out %1 additive</source>
        <translation>训练使用点积，缩放与不缩放各一次；请去掉 %1 additive</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="291"/>
        <source>the weights are drawn as a picture (.png, .jpg, .pdf or .svg), got %1; %2 writes their numbers</source>
        <translation>权重只能画成图片（.png、.jpg、.pdf 或 .svg），实际为 %1；%2 可写出它们的数字</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="293"/>
        <source>the weights are shown as they are in their own window, written with %1, drawn with %2 or pictured with %3; leave out %4</source>
        <translation>权重按原样显示在单独的窗口中，可用 %1 写出、用 %2 画出或用 %3 截图；请去掉 %4</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="296"/>
        <source>the words are saved as Python objects (pickles, never loaded); save them as text</source>
        <translation>这些词是以 Python 对象保存的（pickle，从不载入）；请保存为文本</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="297"/>
        <source>these sizes need about %1 MiB for their tensors, more than the %2 MiB allowed on this machine; reduce %3, %4, %5 or the dimensions</source>
        <translation>这些尺寸的张量约需 %1 MiB，超过本机允许的 %2 MiB；请减小 %3、%4、%5 或各维度</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="303"/>
        <source>these sizes would take about %1 s to compute, more than the %2 s allowed; reduce %3, %4, %5 or the dimensions</source>
        <translation>这些尺寸约需 %1 秒计算，超过允许的 %2 秒；请减小 %3、%4、%5 或各维度</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="306"/>
        <source>they label the axes when there are as many as queries and keys (L = %1, S = %2)</source>
        <translation>只有词元个数与查询和键的个数相同时才用来标注坐标轴（L = %1，S = %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="307"/>
        <source>they need tokens in projection mode</source>
        <translation>它们需要投影模式下的词元</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="308"/>
        <source>tokens are for self-attention; leave out %1</source>
        <translation>词元用于自注意力；请去掉 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="309"/>
        <source>too deeply nested document</source>
        <translation>文件嵌套太深</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="310"/>
        <source>too large document</source>
        <translation>文件太大</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="311"/>
        <source>too large for a scenario or lesson (over %1 MiB)</source>
        <translation>作为场景或课程文件太大（超过 %1 MiB）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="312"/>
        <source>too much work</source>
        <translation>计算量太大</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="313"/>
        <source>unexpected argument %1 (options start with --; see %2)</source>
        <translation>多余的参数 %1（选项以 -- 开头；见 %2）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="314"/>
        <source>unknown field (known: format, version, params, display, compare, compare_d_k, caption, load)</source>
        <translation>未知字段（已知字段：format、version、params、display、compare、compare_d_k、caption、load）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="316"/>
        <source>unknown field (known: format, version, title, steps)</source>
        <translation>未知字段（已知字段：format、version、title、steps）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="317"/>
        <source>unknown field (known: mode, batch, len, keys, cross, d_model, d_k, d_v, d_v_follows_d_k, keys_follow_len, seed, scaling, scale, init, sigma, softmax_dim, mask, mask_cells, mask_fill, mask_convention, batch_index, tokens, positions, score, additive_hidden)</source>
        <translation>未知字段（已知字段：mode、batch、len、keys、cross、d_model、d_k、d_v、d_v_follows_d_k、keys_follow_len、seed、scaling、scale、init、sigma、softmax_dim、mask、mask_cells、mask_fill、mask_convention、batch_index、tokens、positions、score、additive_hidden）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="321"/>
        <source>unknown field (known: show, colormap, range, cell_values, gradient_panels)</source>
        <translation>未知字段（已知字段：show、colormap、range、cell_values、gradient_panels）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="322"/>
        <source>unknown format %1 (use .png, .jpg, .pdf, .svg, .csv, .npy or .json)</source>
        <translation>未知格式 %1（请用 .png、.jpg、.pdf、.svg、.csv、.npy 或 .json）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="323"/>
        <source>unknown image format %1 (use .png, .jpg, .pdf or .svg)</source>
        <translation>未知图片格式 %1（请用 .png、.jpg、.pdf 或 .svg）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="324"/>
        <source>unknown kind of array file (use .npy, .csv, .tsv or .txt; .npz holds several)</source>
        <translation>未知的数组文件类型（请用 .npy、.csv、.tsv 或 .txt；.npz 可以包含多个）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="325"/>
        <source>unknown preset %1; the presets are</source>
        <translation>未知预设 %1；预设有</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="326"/>
        <source>unterminated array</source>
        <translation>未终止的数组</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="327"/>
        <source>unterminated object</source>
        <translation>未终止的对象</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="328"/>
        <source>unterminated string</source>
        <translation>未终止的字符串</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="329"/>
        <source>v %1 needs k&apos;s batch and length</source>
        <translation>v %1 需要与 k 相同的批次和长度</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="330"/>
        <source>v has shape %1</source>
        <translation>v 的形状为 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="331"/>
        <source>value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="332"/>
        <source>value %1 of %2 is empty</source>
        <translation>%2 的第 %1 个值为空</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="334"/>
        <source>width and height must be from %1 to %2 pixels (got %3)</source>
        <translation>宽和高必须在 %1 到 %2 像素之间（实际为 %3）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="335"/>
        <source>with %1 mha-mask-in-sdpa, the padding is pad:N with N from %2 to the number of keys (got %3)</source>
        <translation>用 %1 mha-mask-in-sdpa 时，填充写作 pad:N，N 从 %2 到键数（实际为 %3）</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="337"/>
        <source>with %1, a picture (.png, .jpg, .pdf, .svg) or the numbers (.csv, .json), got %2</source>
        <translation>用 %1 时，应为图片（.png、.jpg、.pdf、.svg）或数字（.csv、.json），实际为 %2</translation>
    </message>
    <message>
        <location filename="../../app/model/message_templates.cpp" line="338"/>
        <source>with %1, only mha-mask-in-sdpa takes a mask (its padding, pad:N)</source>
        <translation>用 %1 时，只有 mha-mask-in-sdpa 接受掩码（即它的填充 pad:N）</translation>
    </message>
</context>
<context>
    <name>MistakesWindow</name>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="107"/>
        <source>Common mistakes</source>
        <translation>常见错误</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="108"/>
        <source>1  no ÷√d_k</source>
        <translation>1  没有 ÷√d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="108"/>
        <source>2  dim=-2</source>
        <translation>2  dim=-2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="108"/>
        <source>3  MHA mask in SDPA</source>
        <translation>3  MHA 掩码给 SDPA</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="109"/>
        <source>4  K.transpose(0, 1)</source>
        <translation>4  K.transpose(0, 1)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="109"/>
        <source>5  Q.transpose(-2, -1) @ K</source>
        <translation>5  Q.transpose(-2, -1) @ K</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="211"/>
        <source>Why scale? [W]</source>
        <translation>为什么缩放？[W]</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="212"/>
        <source>Watch training stall [T]</source>
        <translation>看训练停滞 [T]</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="239"/>
        <source>1 to 5: that mistake</source>
        <translation>1 到 5：对应的错误</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="247"/>
        <source>The next mistake</source>
        <translation>下一个错误</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="249"/>
        <source>The mistake before</source>
        <translation>上一个错误</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="257"/>
        <source>d_k × 2</source>
        <translation>d_k × 2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="265"/>
        <source>d_k ÷ 2</source>
        <translation>d_k ÷ 2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="268"/>
        <source>Why divide by √d_k?</source>
        <translation>为什么除以 √d_k？</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="271"/>
        <source>Training: with and without the scale</source>
        <translation>训练：缩放与不缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="274"/>
        <source>This window full screen, or not</source>
        <translation>此窗口全屏或还原</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="277"/>
        <source>The hull of the outputs, or not</source>
        <translation>显示或隐藏输出的凸包</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="382"/>
        <source>✗ The mistake</source>
        <translation>✗ 错误写法</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="382"/>
        <source>✓ Right</source>
        <translation>✓ 正确写法</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="390"/>
        <source>PyTorch raises:

%1</source>
        <translation>PyTorch 报错：

%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="400"/>
        <source>No output to place: this matrix does not weigh the values&apos; rows (its columns are K&apos;s features, not keys), so weights @ V means nothing here.</source>
        <translation>没有可画的输出：这个矩阵的列是 K 的特征维而不是键，它不是对值向量的加权，所以 weights @ V 在这里没有意义。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="424"/>
        <source>query i</source>
        <translation>查询 i</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="425"/>
        <source>key j</source>
        <translation>键 j</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="426"/>
        <source>feature of Q</source>
        <translation>Q 的特征维</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="427"/>
        <source>feature of K</source>
        <translation>K 的特征维</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="434"/>
        <source>key j (padding %1: masked)</source>
        <translation>键 j（填充位 %1：被屏蔽）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="435"/>
        <source>key j (padding %1: the only keys seen)</source>
        <translation>键 j（填充位 %1：唯一被关注的键）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="452"/>
        <source>row sum</source>
        <translation>行和</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="542"/>
        <source>Forgetting to divide by √d_k</source>
        <translation>忘记除以 √d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="543"/>
        <source>with a large d_k training does not converge; the loss stays flat for a long time</source>
        <translation>d_k 较大时训练不收敛，损失长时间不动</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="544"/>
        <source>the dot product&apos;s variance grows with d_k: the softmax saturates and its gradient is flattened</source>
        <translation>点积方差随 d_k 增大，softmax 饱和、梯度被压平</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="545"/>
        <source>use F.scaled_dot_product_attention, or divide by d_k ** 0.5 yourself</source>
        <translation>用 F.scaled_dot_product_attention，或手动除以 d_k ** 0.5</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="546"/>
        <source>Here (d_k = %1): each row&apos;s largest weight is %2 on average without the scale, %3 with it; the softmax&apos;s gradient (its Jacobian&apos;s norm) is %4 without it, %5 with it.</source>
        <translation>这里（d_k = %1）：不缩放时每行最大权重平均为 %2，缩放后为 %3；softmax 的梯度（雅可比矩阵的范数）不缩放时为 %4，缩放后为 %5。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="560"/>
        <source>The two are alike because the scaled scores are too wide as well: %1</source>
        <translation>两者相似，是因为缩放后的分数也铺得太开：%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="564"/>
        <source>softmax over the wrong dim (dim=-2)</source>
        <translation>softmax 的 dim 写错（dim=-2）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="565"/>
        <source>the rows do not sum to 1 and the output is not a convex combination of the values; training still runs but learns nothing</source>
        <translation>行和不为 1，输出不是值的凸组合，训练照样能跑但学不到东西</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="567"/>
        <source>normalisation must run over the keys (the last dimension), not over the queries</source>
        <translation>归一化维度必须是键维（最后一维），不是查询维</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="568"/>
        <source>always write dim=-1, and print the row sums once as a check</source>
        <translation>统一写 dim=-1，并打印行和做一次自查</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="570"/>
        <source>Here the row sums to %1 with dim=-2 (each of the %2 columns sums to 1, and one query takes all of it); with dim=-1 it sums to 1. More queries show it better (← →: L).</source>
        <translation>这里 dim=-2 时这一行的和为 %1（%2 列中每一列的和都是 1，而唯一的查询拿走了全部）；dim=-1 时它的和为 1。查询多一些看得更清楚（← →：L）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="576"/>
        <source>Here the rows sum to between %1 and %2 with dim=-2 (right of the map); with dim=-1 every row sums to 1.</source>
        <translation>此处 dim=-2 时行和在 %1 到 %2 之间（见图右侧）；dim=-1 时每行和都为 1。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="578"/>
        <source>Here the rows sum to between %1 and %2 with dim=-2; with dim=-1 every row sums to 1.</source>
        <translation>此处 dim=-2 时行和在 %1 到 %2 之间；dim=-1 时每行和都为 1。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="616"/>
        <source>the result is %1, the very shape of (B, L, S),</source>
        <translation>结果是 %1，恰好就是 (B, L, S) 的形状，</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="617"/>
        <source>the result is %1, not (B, L, S) = %2,</source>
        <translation>结果是 %1，而不是 (B, L, S) = %2，</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="619"/>
        <source>Here the shapes fit by chance: %1 but its first axis runs over K&apos;s keys, not the batch, and its columns over K&apos;s features, not the keys.</source>
        <translation>此处形状偶然对得上：%1但它的第一维是 K 的键而不是批次，列是 K 的特征维而不是键。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="622"/>
        <source>Here the shapes fit by chance: %1 but its rows are Q&apos;s features and its columns K&apos;s features, not queries and keys.</source>
        <translation>此处形状偶然对得上：%1但它的行是 Q 的特征维、列是 K 的特征维，而不是查询和键。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="517"/>
        <source>In the values&apos; hull (H; judged in all %4 dimensions, so a red point may be drawn inside the polygon): %1 of %2 outputs lie outside it with the right line, %3 with the mistake.</source>
        <translation>在值向量的凸包中（H；按全部 %4 维判断，所以红点可能画在多边形里面）：正确写法 %2 个输出中有 %1 个在凸包外，错误写法有 %3 个。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="637"/>
        <source>Both sides: Q, K, V drawn as the main window draws them (%1, B = %2, L = %3, S = %4, d_k = %5, seed %6), ÷√d_k and softmax over the keys except for the mistake; batch element %7 shown.</source>
        <translation>两侧：按主窗口的方式抽取的 Q、K、V（%1，B = %2，L = %3，S = %4，d_k = %5，种子 %6），除错误本身外都除以 √d_k 并沿键做 softmax；显示批次元素 %7。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="649"/>
        <source>(The main window&apos;s sizes are larger: here B ≤ %1, L and S ≤ %2, d_k ≤ %3, so the draws are not the main window&apos;s numbers.)</source>
        <translation>（主窗口的尺寸更大：此处 B ≤ %1、L 和 S ≤ %2、d_k ≤ %3，所以抽到的数不是主窗口的数。）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="582"/>
        <source>nn.MultiheadAttention&apos;s key_padding_mask handed to F.scaled_dot_product_attention as it is</source>
        <translation>把 nn.MultiheadAttention 的 key_padding_mask 直接喂给 F.scaled_dot_product_attention</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="552"/>
        <source>↑ and ↓ double and halve d_k.</source>
        <translation>↑ 和 ↓ 把 d_k 加倍或减半。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="559"/>
        <source>At this d_k the two are still alike.</source>
        <translation>在这个 d_k 下两者还很相似。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="583"/>
        <source>the positions that should be masked are attended to instead</source>
        <translation>该屏蔽的位置反而被关注</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="585"/>
        <source>their booleans mean opposite things: in key_padding_mask True means masked, in SDPA&apos;s attn_mask True means take part</source>
        <translation>两者布尔语义相反：key_padding_mask 中 True 表示屏蔽，SDPA 的 attn_mask 中 True 表示参与</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="587"/>
        <source>invert it before passing it: ~key_padding_mask</source>
        <translation>传参前取反：~key_padding_mask</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="589"/>
        <source>Here key %1 is the padding (key_padding_mask True): with the mask handed over as it is, every query puts %2 of its weight on the padding; the right way round, %3.</source>
        <translation>此处键 %1 是填充位（key_padding_mask 为 True）：掩码原样传入时，每个查询把 %2 的权重放在填充位上；正确取反后为 %3。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="592"/>
        <source>Here keys %1 are the padding (key_padding_mask True): with the mask handed over as it is, every query puts %2 of its weight on the padding; the right way round, %3.</source>
        <translation>此处键 %1 是填充位（key_padding_mask 为 True）：掩码原样传入时，每个查询把 %2 的权重放在填充位上；正确取反后为 %3。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="600"/>
        <source>Transposing the wrong axes: K.transpose(0, 1)</source>
        <translation>转置转错了轴：K.transpose(0, 1)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="601"/>
        <source>Transposing the wrong tensor: Q.transpose(-2, -1) @ K</source>
        <translation>转置转错了张量：Q.transpose(-2, -1) @ K</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="602"/>
        <source>a shape error, or the shapes fit by chance and the result is wrong</source>
        <translation>形状报错，或形状偶然对得上但结果错</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="604"/>
        <source>only transposing K&apos;s last two dimensions gives (B, d_k, S); with more dimensions a wrong transpose does not always raise an error</source>
        <translation>只有对 K 的最后两维转置才得到 (B, d_k, S)；高维下转错轴不一定报错</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="606"/>
        <source>always write K.transpose(-2, -1), and check scores.shape == (B, L, S)</source>
        <translation>固定写 K.transpose(-2, -1)，并核对 scores.shape == (B, L, S)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="609"/>
        <source>Here PyTorch raises an error. It would run if B = d_k and S = B (or S = 1), e.g. B = L = S = d_k = 4.</source>
        <translation>此处 PyTorch 报错。若 B = d_k 且 S = B（或 S = 1）则能运行，例如 B = L = S = d_k = 4。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="611"/>
        <source>Here PyTorch raises an error. It runs whenever L = S, as in self-attention.</source>
        <translation>此处 PyTorch 报错。只要 L = S（如自注意力）它就能运行。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="526"/>
        <source>Symptom:</source>
        <translation>现象：</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="526"/>
        <source>Cause:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="527"/>
        <source>Fix:</source>
        <translation>正确做法：</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="640"/>
        <source>projection</source>
        <translation>投影</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="640"/>
        <source>direct</source>
        <translation>直接</translation>
    </message>
    <message>
        <location filename="../../app/widgets/mistakes_window.cpp" line="654"/>
        <source>Keys: 1–5 or ← → choose, H weights or hull, F5 presentation, Esc close.</source>
        <translation>按键：1–5 或 ← → 选择，H 切换权重和凸包，F5 演示模式，Esc 关闭。</translation>
    </message>
</context>
<context>
    <name>OtherWindows</name>
    <message>
        <location filename="../../app/widgets/other_windows.cpp" line="51"/>
        <source>Close this window</source>
        <translation>关闭此窗口</translation>
    </message>
    <message>
        <location filename="../../app/widgets/other_windows.cpp" line="55"/>
        <source>English or Chinese (中文)</source>
        <translation>英文或中文（English）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/other_windows.cpp" line="180"/>
        <source>✕ Esc: close</source>
        <translation>✕ Esc：关闭</translation>
    </message>
    <message>
        <location filename="../../app/widgets/other_windows.cpp" line="181"/>
        <source>Close this window (Esc or Ctrl+W); presentation mode stays on</source>
        <translation>关闭此窗口（Esc 或 Ctrl+W）；演示模式保持开启</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="54"/>
        <source>logits</source>
        <translation>logits</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="56"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="80"/>
        <source>Presentation mode: the next step</source>
        <translation>演示模式：下一步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="83"/>
        <source>Presentation mode: the step before</source>
        <translation>演示模式：上一步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="88"/>
        <source>1 to 4, presentation mode: that step</source>
        <translation>1 到 4，演示模式：对应的步骤</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="114"/>
        <source>Q, K and V, three projections of X</source>
        <translation>Q、K、V：X 的三个投影</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="115"/>
        <source>Q, K and V, as loaded</source>
        <translation>Q、K、V：按载入的数据</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="116"/>
        <source>Q, K and V, drawn directly (randn)</source>
        <translation>Q、K、V：直接随机抽取（randn）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="117"/>
        <source>the additive scores, not scaled: the logits</source>
        <translation>加性分数，未缩放即 logits</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="118"/>
        <source>the scores Q·Kᵀ, not scaled: the logits as they are</source>
        <translation>分数 Q·Kᵀ，未缩放，原样即 logits</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="119"/>
        <source>the scores Q·Kᵀ, scaled: the logits</source>
        <translation>分数 Q·Kᵀ，缩放后即 logits</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="121"/>
        <source>softmax of the logits: the weights</source>
        <translation>对 logits 做 softmax：得到权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="121"/>
        <source>the weights times V: out</source>
        <translation>权重乘以 V：得到输出 out</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="122"/>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="175"/>
        <source>nn.MultiheadAttention(%1, %2): X %3 · in_proj_weightᵀ → Q, K, V %4 → split into %2 heads %5 → batch %6, head %7 below → concat %8 → · W_Oᵀ → out %9</source>
        <translation>nn.MultiheadAttention(%1, %2)：X %3 · in_proj_weightᵀ → Q、K、V %4 → 分成 %2 个头 %5 → 下面是批次 %6 的第 %7 个头 → 拼接 concat %8 → · W_Oᵀ → 输出 out %9</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="195"/>
        <source>attention-viz — the four steps</source>
        <translation>attention-viz — 四个步骤</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="232"/>
        <source> [batch %1, head %2]</source>
        <translation> [批次 %1，第 %2 个头]</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="236"/>
        <source> [element %1]</source>
        <translation> [第 %1 个]</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="238"/>
        <source>, first %1 × %2 drawn</source>
        <translation>，只画前 %1 × %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="468"/>
        <source>Tab: next step · Shift+Tab: the one before · 1 to 4 · Esc: close</source>
        <translation>Tab：下一步 · Shift+Tab：上一步 · 1 到 4 · Esc：关闭</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="149"/>
        <source>softmax dim −1</source>
        <translation>softmax dim −1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="147"/>
        <source>not scaled</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="148"/>
        <source>× %1</source>
        <translation>× %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="149"/>
        <source>softmax dim −2</source>
        <translation>softmax dim −2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/pipeline_view.cpp" line="150"/>
        <source>· V</source>
        <translation>· V</translation>
    </message>
</context>
<context>
    <name>Scaling</name>
    <message>
        <location filename="../../app/model/labels.cpp" line="34"/>
        <source>÷√d_k (the lecture&apos;s)</source>
        <translation>÷√d_k（讲义的做法）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="36"/>
        <location filename="../../app/model/labels.cpp" line="65"/>
        <source>not scaled</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="38"/>
        <source>÷d_k (too much)</source>
        <translation>÷d_k（缩放过度）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="40"/>
        <source>÷√d_model (the multi-head mistake)</source>
        <translation>÷√d_model（多头的错误）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="42"/>
        <source>d_k^−¼ on q and on k (= ÷√d_k)</source>
        <translation>q 和 k 各乘 d_k^−¼（= ÷√d_k）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="44"/>
        <source>custom factor</source>
        <translation>自定义系数</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="53"/>
        <source>÷√d_k</source>
        <translation>÷√d_k</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="55"/>
        <source>÷d_k</source>
        <translation>÷d_k</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="57"/>
        <source>÷√d_model (d_model = %1)</source>
        <translation>÷√d_model（d_model = %1）</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="59"/>
        <source>d_k^−¼ on q and on k</source>
        <translation>q 和 k 各乘 d_k^−¼</translation>
    </message>
    <message>
        <location filename="../../app/model/labels.cpp" line="61"/>
        <source>× %1</source>
        <translation>× %1</translation>
    </message>
</context>
<context>
    <name>SweepPlot</name>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="139"/>
        <source>row entropy (nats)</source>
        <translation>行熵（奈特）</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="139"/>
        <source>largest weight</source>
        <translation>最大权重</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="139"/>
        <source>score variance</source>
        <translation>分数的方差</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="139"/>
        <source>softmax Jacobian norm</source>
        <translation>softmax 雅可比矩阵范数</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="236"/>
        <source>not scaled</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="151"/>
        <source>Each point is the mean over %1 trials of one query against %2 keys, q and K drawn from N(0, %3) (trial t with seed %4 + t); the band spans the trials&apos; 10th to 90th percentile. Blue: %5; orange: not scaled. Without the scale the scores&apos; variance grows like d_k, the largest weight goes to 1, the entropy to 0, and the softmax&apos;s gradient (its Jacobian norm), after rising while a few keys share the weight, to 0 as well.</source>
        <translation>每个点是 %1 次试验的平均值：每次一个查询对 %2 个键，q 和 K 取自 N(0, %3)（第 t 次试验的种子为 %4 + t）；色带覆盖试验的第 10 到第 90 百分位。蓝色：%5；橙色：不缩放。不缩放时分数的方差随 d_k 增长，最大权重趋于 1，熵趋于 0；softmax 的梯度（其雅可比范数）在少数几个键分担权重时先上升，随后同样趋于 0。</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="161"/>
        <source>Dashed green: additive attention, v·tanh(q·W₁ + k·W₂) with H = %1 and no scaling: tanh bounds its scores by Σ|v_h| whatever d_k is, so they do not grow with d_k (they grow with H).</source>
        <translation>绿色虚线：加性注意力 v·tanh(q·W₁ + k·W₂)，H = %1，不缩放：无论 d_k 多大，tanh 都把分数限制在 Σ|v_h| 以内，所以分数不随 d_k 增长（而随 H 增长）。</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="170"/>
        <source>Why divide by √d_k: S = %1 keys, %2 trials per d_k, seed %3</source>
        <translation>为什么除以 √d_k：S = %1 个键，每个 d_k %2 次试验，种子 %3</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="175"/>
        <source>, σ = %1</source>
        <translation>，σ = %1</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="244"/>
        <source>additive, H = %1 (not scaled)</source>
        <translation>加性，H = %1（不缩放）</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="263"/>
        <source>ln S, y = 1, a uniform row&apos;s norm</source>
        <translation>ln S、y = 1、均匀行的范数</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="264"/>
        <source>y = d_k</source>
        <translation>y = d_k</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="265"/>
        <source>10th to 90th percentile of the trials</source>
        <translation>试验的第 10 到第 90 百分位</translation>
    </message>
    <message>
        <location filename="../../app/render/sweep_plot.cpp" line="313"/>
        <source>now: d_k = %1</source>
        <translation>当前：d_k = %1</translation>
    </message>
</context>
<context>
    <name>TrainingPlot</name>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="176"/>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="176"/>
        <source>gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="176"/>
        <source>held-out accuracy</source>
        <translation>留出集准确率</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="178"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="181"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="186"/>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="188"/>
        <source>example</source>
        <translation>样本</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="190"/>
        <source>scaled</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="191"/>
        <location filename="../../app/render/training_plot.cpp" line="474"/>
        <source>not scaled</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="208"/>
        <source>Training with and without the scale: d_k = %1, %2 lr %3, batch %4, seed %5</source>
        <translation>缩放与不缩放的训练：d_k = %1，%2 学习率 %3，批大小 %4，种子 %5</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="210"/>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="210"/>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="220"/>
        <source>Not started: both runs begin from the same W_q and W_k and will see the same batches.</source>
        <translation>尚未开始：两次训练从相同的 W_q 和 W_k 出发，并看到相同的批次。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="235"/>
        <source>%1: loss %2 → %3, accuracy %4 on the held-out examples (%5 on the last batches), largest weight %6 (on the target %7), gradient norm %8 → %9.</source>
        <translation>%1：损失 %2 → %3，留出样本上的准确率 %4（最近几批上 %5），最大权重 %6（在目标上 %7），梯度范数 %8 → %9。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="245"/>
        <source>Step %1 of %2.</source>
        <translation>第 %1 步，共 %2 步。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="246"/>
        <source>Step %1 of %2 (accuracy: the share of examples whose largest weight is on the target, now on %5 examples never trained on and over the last %6 batches; loss and weights: the first step&apos;s → the mean of the last %4 steps; gradient norm: the first step&apos;s → the median of the last %3). </source>
        <translation>第 %1 步，共 %2 步（准确率：最大权重落在目标上的样本比例，当前在 %5 个从未训练过的样本上，以及最近 %6 批的平均；损失和权重：第一步的值 → 最近 %4 步的平均；梯度范数：第一步的值 → 最近 %3 步的中位数）。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="264"/>
        <source>%1 puts the largest weight on the target in %2 % of the held-out examples.</source>
        <translation>%1 在 %2 % 的留出样本中把最大权重放在目标上。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="269"/>
        <source>Without the scale the layer does not learn: held-out accuracy %1, %2× chance (1/L = %3).</source>
        <translation>不缩放时这一层学不会：留出集准确率 %1，是随机猜测的 %2 倍（1/L = %3）。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="289"/>
        <source>Without the scale it learns slowly: held-out accuracy %1 at the start, %2 now (%3× chance, 1/L = %4), against %5 scaled.</source>
        <translation>不缩放时学得很慢：留出集准确率开始时 %1，现在 %2（随机猜测的 %3 倍，1/L = %4），缩放时为 %5。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="291"/>
        <source>Without the scale it does not improve: held-out accuracy %1 at the start, %2 now (%3× chance, 1/L = %4), against %5 scaled.</source>
        <translation>不缩放时没有进步：留出集准确率开始时 %1，现在 %2（随机猜测的 %3 倍，1/L = %4），缩放时为 %5。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="477"/>
        <source>%1: largest weight on the target in %2 of %3 training examples</source>
        <translation>%1：%3 个训练样本中 %2 个的最大权重在目标上</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="237"/>
        <source>Not scaled</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="276"/>
        <source>Its rows are one-hot (largest weight %1) and put %2 on the target on average: the softmax is saturated and its gradient has vanished (the lecture&apos;s “training does not converge”, 训练不收敛).</source>
        <translation>它的每一行都是独热分布（最大权重 %1），平均只有 %2 落在目标上：softmax 已饱和，梯度已消失（讲义里的“训练不收敛”）。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="279"/>
        <source>Its rows are one-hot (largest weight %1) and put %2 on the target on average: the softmax is saturated (the lecture&apos;s “training does not converge”, 训练不收敛).</source>
        <translation>它的每一行都是独热分布（最大权重 %1），平均只有 %2 落在目标上：softmax 已饱和（讲义里的“训练不收敛”）。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="299"/>
        <source>Its rows are nearly one-hot (largest weight %1), mostly on a wrong key.</source>
        <translation>它的各行几乎是独热的（最大权重 %1），大多落在错误的键上。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="305"/>
        <source>Both have learned: the unscaled gradient&apos;s median fell to %1 of its start on the way, and Adam, which divides each step by the gradient&apos;s own running size, still moved the weights.</source>
        <translation>两者都学会了：不缩放时梯度的中位数途中降到起始值的 %1，而 Adam 用梯度自身的滑动大小去除每一步，仍然推动了权重。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="313"/>
        <source>The unscaled gradient starts %1× the scaled one (%2 against %3): without the factor %4 its logits, and their derivatives with respect to W_q and W_k, are %5 times larger.</source>
        <translation>不缩放时梯度一开始是缩放时的 %1 倍（%2 对 %3）：少了因子 %4，它的 logit 以及 logit 对 W_q、W_k 的导数都大 %5 倍。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="320"/>
        <source>It falls as the rows turn one-hot and the softmax&apos;s Jacobian goes to 0.</source>
        <translation>随着各行变成独热、softmax 的雅可比趋于 0，它也随之下降。</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="419"/>
        <source>chance: 1/L = %1</source>
        <translation>随机猜测：1/L = %1</translation>
    </message>
    <message>
        <location filename="../../app/render/training_plot.cpp" line="437"/>
        <source>gradient norm of each run: median of %1 steps (bold), each step (thin)</source>
        <translation>每次运行的梯度范数：%1 步的中位数（粗线），每一步（细线）</translation>
    </message>
</context>
<context>
    <name>TrainingWindow</name>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="40"/>
        <source>Training: with and without the scale</source>
        <translation>训练：缩放与不缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="331"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="100"/>
        <source>Start or pause both runs (Space)</source>
        <translation>开始或暂停两次训练（空格）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="101"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="102"/>
        <source>One step of both runs (→)</source>
        <translation>两次训练各走一步（→）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="103"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="104"/>
        <source>Back to step 0: the same initial weights and batches (R)</source>
        <translation>回到第 0 步：相同的初始权重和批次（R）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="112"/>
        <source>%1 steps/s</source>
        <translation>每秒 %1 步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="112"/>
        <source>as fast as it goes</source>
        <translation>尽可能快</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="113"/>
        <source>How fast the steps run, to watch them</source>
        <translation>每秒走多少步，便于观察</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="118"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="158"/>
        <source>d_k, the width of q·W_q and X·W_k: the larger, the larger the unscaled logits</source>
        <translation>d_k，即 q·W_q 和 X·W_k 的宽度：越大，不缩放的 logits 越大</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="159"/>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="160"/>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="161"/>
        <source>Changing it sets its usual learning rate (SGD 0.5, Adam 0.01)</source>
        <translation>切换时设为它常用的学习率（SGD 0.5，Adam 0.01）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="162"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="163"/>
        <source>The query is the target token&apos;s embedding plus this much noise: q = X[t] + noise · ε</source>
        <translation>查询是目标词元的嵌入加上这么多噪声：q = X[t] + noise · ε</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="164"/>
        <source>torch.manual_seed: the initial weights and every batch</source>
        <translation>torch.manual_seed：初始权重和每一批</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="168"/>
        <source>× %1 (the command line&apos;s)</source>
        <translation>× %1（命令行给定）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="206"/>
        <source>Close this window</source>
        <translation>关闭此窗口</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="209"/>
        <source>Start or pause both runs</source>
        <translation>开始或暂停两次训练</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="213"/>
        <source>One step of both runs</source>
        <translation>两次训练各走一步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="219"/>
        <source>Reset both runs to step 0</source>
        <translation>两次训练都回到第 0 步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="285"/>
        <source>Not run: %1 steps at d_k = %2 would take over a minute. Lower the steps or d_k.</source>
        <translation>未运行：在 d_k = %2 下走 %1 步要超过一分钟。请减少步数或 d_k。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="169"/>
        <source>How the blue run is scaled; the orange run is never scaled</source>
        <translation>蓝色那次如何缩放；橙色那次从不缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="170"/>
        <source>W ~ N(0, 1/d_model)</source>
        <translation>W ~ N(0, 1/d_model)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="171"/>
        <source>W = randn (the lecture&apos;s)</source>
        <translation>W = randn（讲义的做法）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="172"/>
        <source>How W_q and W_k are drawn at step 0 (the same for both runs)</source>
        <translation>第 0 步时 W_q 和 W_k 如何抽取（两次训练相同）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>d_k</source>
        <translation>d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>Optimiser</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>lr</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>Noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>Blue</source>
        <translation>蓝色</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="61"/>
        <source>Init</source>
        <translation>初始化</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="288"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="312"/>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="331"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="331"/>
        <source>Again</source>
        <translation>重来</translation>
    </message>
    <message>
        <location filename="../../app/widgets/training_window.cpp" line="409"/>
        <source>Export the training runs</source>
        <translation>导出训练过程</translation>
    </message>
</context>
<context>
    <name>UndoHistory</name>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="18"/>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="19"/>
        <source>batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="20"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="21"/>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="22"/>
        <source>cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="23"/>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="24"/>
        <source>d_k</source>
        <translation>d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="25"/>
        <source>d_v</source>
        <translation>d_v</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="26"/>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="27"/>
        <source>scaling</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="28"/>
        <source>initialisation</source>
        <translation>初始化</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="29"/>
        <source>σ</source>
        <translation>σ</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="30"/>
        <source>softmax dim</source>
        <translation>softmax 维度</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="31"/>
        <source>mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="32"/>
        <source>mask fill</source>
        <translation>掩码填充值</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="33"/>
        <source>mask convention</source>
        <translation>掩码约定</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="34"/>
        <source>batch element shown</source>
        <translation>显示的批元素</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="35"/>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="36"/>
        <source>positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="37"/>
        <source>links</source>
        <translation>联动</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="38"/>
        <source>score</source>
        <translation>打分方式</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="39"/>
        <source>loaded data</source>
        <translation>载入的数据</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="45"/>
        <location filename="../../app/widgets/undo_history.cpp" line="67"/>
        <source>settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="46"/>
        <location filename="../../app/widgets/undo_history.cpp" line="68"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="59"/>
        <source>display</source>
        <translation>显示</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="62"/>
        <source>comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="64"/>
        <source>lesson step</source>
        <translation>课程步骤</translation>
    </message>
    <message>
        <location filename="../../app/widgets/undo_history.cpp" line="66"/>
        <source>caption</source>
        <translation>说明</translation>
    </message>
</context>
<context>
    <name>UserGuide</name>
    <message>
        <location filename="../../app/widgets/user_guide.cpp" line="162"/>
        <source>attention-viz — user guide</source>
        <translation>attention-viz — 用户指南</translation>
    </message>
</context>
<context>
    <name>WeightsWindow</name>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="132"/>
        <source>attention-viz — weights from %1</source>
        <translation>attention-viz — 来自 %1 的权重</translation>
    </message>
    <message>
        <location filename="../../app/render/weights_plot.cpp" line="17"/>
        <location filename="../../app/widgets/weights_window.cpp" line="152"/>
        <source>layer %1 · batch %2 · head %3</source>
        <translation>第 %1 层 · 批次 %2 · 头 %3</translation>
    </message>
    <message>
        <location filename="../../app/render/weights_plot.cpp" line="74"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="86"/>
        <source>Export picture…</source>
        <translation>导出图片…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="91"/>
        <source>Export the weights map</source>
        <translation>导出权重图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="87"/>
        <source>Save the large map as PNG, PDF or SVG (with its axes and colour scale) or its numbers as CSV; JSON: every map&apos;s row sums and entropies</source>
        <translation>把放大的图存为 PNG、PDF 或 SVG（带坐标轴和色标），或把它的数值存为 CSV；JSON：每张图的行和与熵</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="114"/>
        <source>The map before</source>
        <translation>上一张图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="115"/>
        <source>The next map</source>
        <translation>下一张图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="116"/>
        <source>The map above</source>
        <translation>上面的图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="117"/>
        <source>The map below</source>
        <translation>下面的图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="118"/>
        <source>The first map</source>
        <translation>第一张图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="119"/>
        <source>The last map</source>
        <translation>最后一张图</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="134"/>
        <source>%1: layers × batch × heads = %2 × %3 × %4 maps of %5 queries × %6 keys, shown as they are (no Q and K: the main window&apos;s settings do not apply; viridis from 0 to 1, the large map&apos;s scale widened to weights outside that). Each map&apos;s mean row entropy is under it, in nats. Click a map, or use the arrow keys, to see it large; hover over it for each weight.</source>
        <translation>%1：层 × 批次 × 头 = %2 × %3 × %4 张图，每张 %5 个查询 × %6 个键，按原样显示（没有 Q 和 K：主窗口的设置不适用；viridis 色表从 0 到 1，放大图的色标会扩展到超出此范围的权重）。每张图下方是其各行的平均熵（奈特）。点击一张图或用方向键可放大查看；鼠标悬停可看每个权重。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="149"/>
        <source>L%1 · b%2 · head %3</source>
        <translation>第 %1 层 · 批次 %2 · 头 %3</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="150"/>
        <source>layer %1 · head %2</source>
        <translation>第 %1 层 · 头 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="156"/>
        <source>entropy %1</source>
        <translation>熵 %1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="192"/>
        <source>%1: mean entropy %2 nats</source>
        <translation>%1：平均熵 %2 奈特</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="203"/>
        <source>odd too: %1</source>
        <translation>同样异常的还有：%1</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="207"/>
        <source>%1   every row: sum, entropy (nats)</source>
        <translation>%1   每一行：和、熵（奈特）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="213"/>
        <source>row %1%2: sum %3, entropy %4</source>
        <translation>第 %1 行%2：和 %3，熵 %4</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="220"/>
        <source>… and %1 more rows (their sums from %2 to %3)</source>
        <translation>……还有 %1 行（它们的和从 %2 到 %3）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="238"/>
        <source>query %1%2, key %3%4: weight %5</source>
        <translation>查询 %1%2，键 %3%4：权重 %5</translation>
    </message>
    <message>
        <location filename="../../app/widgets/weights_window.cpp" line="249"/>
        <source>no weights are loaded</source>
        <translation>没有载入权重</translation>
    </message>
</context>
<context>
    <name>WhyScaleWindow</name>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="43"/>
        <source>Why divide by √d_k?</source>
        <translation>为什么除以 √d_k？</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="96"/>
        <source>Close this window</source>
        <translation>关闭此窗口</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="100"/>
        <source>Training: with and without the scale</source>
        <translation>训练：缩放与不缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="104"/>
        <source>The next d_k in the main window</source>
        <translation>主窗口中的下一个 d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="105"/>
        <source>The d_k before in the main window</source>
        <translation>主窗口中的上一个 d_k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="145"/>
        <source>Keys S in each trial: one query against S keys</source>
        <translation>每次试验的键数 S：一个查询对 S 个键</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="146"/>
        <source>Trials T per d_k: trial t draws with seed + t (the main window&apos;s seed)</source>
        <translation>每个 d_k 的试验次数 T：第 t 次试验用种子 + t 抽取（主窗口的种子）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="149"/>
        <source>How the blue side is scaled; the orange side is never scaled</source>
        <translation>蓝色一侧的缩放方式；橙色一侧从不缩放</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="150"/>
        <source>%p% swept</source>
        <translation>已扫描 %p%</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="151"/>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="152"/>
        <source>Sweep again with these settings (after a cancel, say)</source>
        <translation>用这些设置重新扫描（例如取消之后）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="153"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="154"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="155"/>
        <source>Keys S</source>
        <translation>键数 S</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="156"/>
        <source>Trials T</source>
        <translation>试验次数 T</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="157"/>
        <source>Scaled side</source>
        <translation>缩放的一侧</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="158"/>
        <source>+ additive</source>
        <translation>+ 加性</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="159"/>
        <source>A third side: additive attention, v·tanh(q·W₁ + k·W₂), not scaled (with the main window&apos;s H when its score is additive, else 8 hidden units)</source>
        <translation>第三条曲线：加性注意力 v·tanh(q·W₁ + k·W₂)，不缩放（主窗口用加性打分时取它的 H，否则 8 个隐层单元）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="185"/>
        <location filename="../../app/widgets/why_scale_window.cpp" line="494"/>
        <source>raw score q·k</source>
        <translation>原始分数 q·k</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="185"/>
        <location filename="../../app/widgets/why_scale_window.cpp" line="495"/>
        <source>scaled score (logit)</source>
        <translation>缩放后的分数（logit）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="186"/>
        <source>density</source>
        <translation>密度</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="284"/>
        <source>Too much to sweep: %1 trials × %2 keys would draw %3 billion random numbers (at most %4 billion, about a minute). Lower the keys S or the trials T.</source>
        <translation>扫描量太大：%1 次试验 × %2 个键需要抽取 %3 十亿个随机数（最多 %4 十亿，约一分钟）。请减小键数 S 或试验次数 T。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="383"/>
        <source>Cancelled: the plots show the sweep before. Sweep sweeps again.</source>
        <translation>已取消：图中仍是上一次的扫描。按“扫描”重新扫描。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="384"/>
        <source>Cancelled. Sweep sweeps again.</source>
        <translation>已取消。按“扫描”重新扫描。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="407"/>
        <source>Blue: ÷√d_k, as the lecture (and the Transformer paper) scales: the scores keep a variance of about 1 at every d_k, so the rows stay as spread as at d_k = 1.</source>
        <translation>蓝色：÷√d_k，讲义（以及 Transformer 论文）的缩放：在每个 d_k 下分数的方差都保持在 1 左右，各行与 d_k = 1 时一样分散。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="409"/>
        <source>Blue: ÷√d_k removes the growth with d_k, but not the inputs&apos; scale: with σ = %1 the scaled scores have variance σ⁴ = %2 at every d_k, so the rows are as peaked as σ makes them, the same at every d_k.</source>
        <translation>蓝色：÷√d_k 消除了随 d_k 的增长，但消除不了输入的尺度：σ = %1 时缩放后分数的方差在每个 d_k 下都是 σ⁴ = %2，各行的尖锐程度由 σ 决定，在每个 d_k 下都一样。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="420"/>
        <source>Blue: ÷√d_model (d_model = %1), the multi-head mistake of dividing by the model&apos;s width instead of the head&apos;s: the scaled variance is d_k / d_model, below 1 for every head (d_k = d_model / h), so the rows come out flatter than intended, the more heads the flatter.</source>
        <translation>蓝色：÷√d_model（d_model = %1），多头代码的错误：用模型宽度而不是每个头的宽度去除：缩放后的方差为 d_k / d_model，对每个头（d_k = d_model / h）都小于 1，所以各行比预期更平，头越多越平。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="484"/>
        <source>The main window&apos;s additive scores: %1 of them, sd %2</source>
        <translation>主窗口的加性分数：%1 个，标准差 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="485"/>
        <source>The main window&apos;s raw scores: %1 of them, sd %2</source>
        <translation>主窗口的原始分数：共 %1 个，标准差 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="486"/>
        <source>its scaled scores (%1 logits): sd %2</source>
        <translation>其缩放后的分数（%1 个 logit）：标准差 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="487"/>
        <source>its logits, not scaled (%1 of them): sd %2</source>
        <translation>其 logit（未缩放，共 %1 个）：标准差 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="491"/>
        <source>
the curve N(0, %1) has sd %2</source>
        <translation>
曲线 N(0, %1) 的标准差为 %2</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="332"/>
        <source>Sweeping d_k = 1 … 1024: %1 trials of one query against %2 keys each…</source>
        <translation>正在扫描 d_k = 1 … 1024：每个 %1 次试验，一个查询对 %2 个键…</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="416"/>
        <source>Blue: ÷d_k scales too much: the scores&apos; variance falls like 1/d_k and the rows flatten towards uniform (entropy towards ln S).</source>
        <translation>蓝色：÷d_k 缩放过度：分数的方差按 1/d_k 下降，各行趋于均匀（熵趋于 ln S）。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="426"/>
        <source>Blue: q and k each multiplied by d_k^−¼, as some code writes it: the same as ÷√d_k (the curves are the lecture&apos;s), not a bug.</source>
        <translation>蓝色：q 和 k 各乘 d_k^−¼，有些代码这样写：与 ÷√d_k 相同（曲线就是讲义的），不是错误。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="432"/>
        <source>Orange, not scaled: Var(q·k) grows like d_k, so as d_k grows the largest weight goes to 1 and the row&apos;s entropy to 0. The softmax&apos;s Jacobian norm (how much gradient flows back through it) first rises (a row with a few large weights passes more than a uniform one) and then falls towards 0 as the rows become one-hot: no gradient, training stalls. %1 Trial t draws q and K with seed %2 + t, as the main window&apos;s direct mode with L = 1. Click a d_k, or press → and ←, to show it in the main window.</source>
        <translation>橙色，不缩放：Var(q·k) 按 d_k 增长，所以随着 d_k 增大，最大权重趋于 1，行熵趋于 0。softmax 雅可比矩阵的范数（能反向传回多少梯度）先上升（有几个较大权重的行比均匀的行传回更多），然后随着各行变成独热分布 而趋于 0：没有梯度，训练停滞。%1 第 t 次试验用种子 %2 + t 抽取 q 和 K，与主窗口 L = 1 的直接模式相同。点击某个 d_k，或按 → 和 ←，可在主窗口中显示它。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="494"/>
        <source>additive score v·tanh(q·W₁ + k·W₂)</source>
        <translation>加性分数 v·tanh(q·W₁ + k·W₂)</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="496"/>
        <source>logit (not scaled)</source>
        <translation>logit（不缩放）</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="503"/>
        <source>The curves above draw q and k directly as randn, entries of variance 1, as the footnote does.</source>
        <translation>上面的曲线直接用 randn 生成 q 和 k，各元素方差为 1，与脚注一致。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="505"/>
        <source>The curves above draw q and k directly as %1·randn, entries of variance %2.</source>
        <translation>上面的曲线直接用 %1·randn 生成 q 和 k，各元素方差为 %2。</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="564"/>
        <source>nothing to export yet: the sweep has not finished</source>
        <translation>还没有可导出的内容：扫描尚未完成</translation>
    </message>
    <message>
        <location filename="../../app/widgets/why_scale_window.cpp" line="586"/>
        <source>Export the sweep</source>
        <translation>导出扫描</translation>
    </message>
</context>
</TS>
